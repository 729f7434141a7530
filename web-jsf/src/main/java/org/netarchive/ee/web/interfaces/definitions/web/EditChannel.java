package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
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
public class EditChannel extends NamedDefinitionEdit<ChannelView> {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "channel";

  @EJB private ChannelService channels;

  private String channelName;
  private HarvestKind kind;
  private boolean defaultChannel;
  private String comments;
  private int version;

  @Override
  protected ChannelView find(String name) {
    return channels.get(name);
  }

  /** Creates or changes the channel, then makes it the default if asked; saved, it is shown. */
  public String save() {
    String wantedComments = comments;
    ChannelView saved =
        Refusals.attempt(
                FORM,
                "name",
                () ->
                    isCreating()
                        ? channels.create(channelName, kind, wantedComments)
                        : channels.update(getName(), version, wantedComments))
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
        reload(savedName);
        return null;
      }
    }
    String kindKey = "channel.kind." + saved.kind().name();
    Refusals.infoAfterRedirect(
        Texts.text(
            saved.defaultChannel() ? "editChannel.savedDefault" : "editChannel.saved",
            saved.name(),
            Texts.text(kindKey)));
    return showAgain("edit-channel", saved.name());
  }

  @Override
  protected void fill(ChannelView view) {
    channelName = view.name();
    kind = view.kind();
    defaultChannel = view.defaultChannel();
    comments = view.comments();
    version = view.version();
  }

  public HarvestKind[] getKinds() {
    return HarvestKind.values();
  }

  public ChannelView getChannel() {
    return shown();
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
