package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestSettings;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * What the edit pages of both kinds of harvest share: the harvest named by the page's {@code name}
 * parameter (without one the page creates a harvest), the fields every harvest has, the version the
 * page was loaded with (sent with a change), saving, and activating. A subclass adds its kind's
 * fields, the choices its page offers and how its settings are made.
 */
abstract class EditHarvest implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "harvest";

  @EJB HarvestService harvests;
  @EJB private ChannelService channelService;

  String name;
  boolean creating = true;
  private boolean found = true;
  String harvestName;
  String comments;
  String audience;
  String channel;
  int version;
  private HarvestView harvest;
  private List<String> channels;

  /** The kind of harvest the page edits. */
  abstract HarvestKind kind();

  /** The page's own address, without parameters, as a navigation outcome. */
  abstract String page();

  /** Reads the choices the page offers besides the channels; {@link #creating} is known. */
  abstract void loadChoices();

  /** The settings the form holds. */
  abstract HarvestSettings settings();

  /** Creates a harvest of the page's kind. */
  abstract HarvestView create(HarvestSettings settings);

  /** Shows the fields of the page's kind from a harvest read or saved. */
  abstract void showKind(HarvestView view);

  public void load() {
    creating = name == null || name.isBlank();
    channels = channelService.ofKind(kind()).stream().map(ChannelView::name).toList();
    loadChoices();
    if (creating) {
      return;
    }
    HarvestView view = Refusals.attempt(null, null, () -> harvests.get(name)).orElse(null);
    found = view != null && view.kind() == kind();
    if (found) {
      show(view);
    }
  }

  /** Creates or changes the harvest; saved, it is shown again. */
  public String save() {
    HarvestSettings settings = settings();
    HarvestView saved =
        Refusals.attempt(
                FORM,
                "name",
                () -> creating ? create(settings) : harvests.update(name, version, settings))
            .orElse(null);
    if (saved == null) {
      return null;
    }
    Refusals.infoAfterRedirect(Texts.text("editHarvest.saved", saved.name()));
    return page()
        + "?faces-redirect=true&name="
        + URLEncoder.encode(saved.name(), StandardCharsets.UTF_8);
  }

  public void activate() {
    Refusals.attempt(FORM, null, () -> harvests.activate(name))
        .ifPresent(
            v -> {
              show(v);
              Refusals.info(Texts.text("editHarvest.activated", v.name()));
            });
  }

  public void deactivate() {
    Refusals.attempt(FORM, null, () -> harvests.deactivate(name))
        .ifPresent(
            v -> {
              show(v);
              Refusals.info(Texts.text("editHarvest.deactivated", v.name()));
            });
  }

  void show(HarvestView view) {
    harvest = view;
    harvestName = view.name();
    comments = view.comments();
    audience = view.audience();
    channel = view.channel();
    version = view.version();
    showKind(view);
  }

  /** A field left empty when changing a harvest: blank clears it, where null would keep it. */
  static String blankIfNone(String text) {
    return text == null ? "" : text;
  }

  public boolean isActive() {
    return harvest != null && harvest.active();
  }

  public HarvestView getHarvest() {
    return harvest;
  }

  public List<String> getChannels() {
    return channels;
  }

  public boolean isCreating() {
    return creating;
  }

  public boolean isFound() {
    return found;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getHarvestName() {
    return harvestName;
  }

  public void setHarvestName(String harvestName) {
    this.harvestName = harvestName;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }

  public String getAudience() {
    return audience;
  }

  public void setAudience(String audience) {
    this.audience = audience;
  }

  public String getChannel() {
    return channel;
  }

  public void setChannel(String channel) {
    this.channel = channel;
  }

  public int getVersion() {
    return version;
  }
}
