package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-channel.xhtml?name=FOCUSED: a harvest channel's comments, and making it
 * the default of its kind; without a name it creates one (name, kind, default, comments), with its
 * job queue on the broker. A channel's name and kind never change, and a default stops being one
 * only when another channel of its kind becomes the default. Only admins change channels.
 */
@Named
@ViewScoped
public class EditChannel implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "channel";

  @EJB private ChannelService channels;

  private String name;
  private boolean creating = true;
  private ChannelView channel;
  private String channelName;
  private HarvestKind kind;
  private boolean defaultChannel;
  private String comments;
  private int version;

  public void load() {
    creating = name == null || name.isBlank();
    if (!creating) {
      Refusals.attempt(null, null, () -> channels.get(name)).ifPresent(this::show);
    }
  }

  /** Creates or changes the channel, then makes it the default if asked; saved, it is shown. */
  public String save() {
    String wantedComments = comments;
    ChannelView saved =
        Refusals.attempt(
                FORM,
                "name",
                () ->
                    creating
                        ? channels.create(channelName, kind, wantedComments)
                        : channels.update(name, version, wantedComments))
            .orElse(null);
    if (saved == null) {
      return null;
    }
    if (defaultChannel && !saved.defaultChannel()) {
      String savedName = saved.name();
      saved =
          Refusals.attempt(FORM, "defaultChannel", () -> channels.makeDefault(savedName))
              .orElse(null);
      if (saved == null) {
        // The channel is kept; the page shows it as it is now, with the refusal.
        name = savedName;
        creating = false;
        load();
        return null;
      }
    }
    String kindKey = "channel.kind." + saved.kind().name();
    Refusals.infoAfterRedirect(
        Texts.text(
            saved.defaultChannel() ? "editChannel.savedDefault" : "editChannel.saved",
            saved.name(),
            Texts.text(kindKey)));
    return "edit-channel?faces-redirect=true&name="
        + URLEncoder.encode(saved.name(), StandardCharsets.UTF_8);
  }

  private void show(ChannelView view) {
    channel = view;
    channelName = view.name();
    kind = view.kind();
    defaultChannel = view.defaultChannel();
    comments = view.comments();
    version = view.version();
  }

  /** Whether the page shows a channel: one being created, or one that exists. */
  public boolean isFound() {
    return creating || channel != null;
  }

  public HarvestKind[] getKinds() {
    return HarvestKind.values();
  }

  public ChannelView getChannel() {
    return channel;
  }

  public boolean isCreating() {
    return creating;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getChannelName() {
    return channelName;
  }

  public void setChannelName(String channelName) {
    this.channelName = channelName;
  }

  public HarvestKind getKind() {
    return kind;
  }

  public void setKind(HarvestKind kind) {
    this.kind = kind;
  }

  public boolean isDefaultChannel() {
    return defaultChannel;
  }

  public void setDefaultChannel(boolean defaultChannel) {
    this.defaultChannel = defaultChannel;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }

  public int getVersion() {
    return version;
  }
}
