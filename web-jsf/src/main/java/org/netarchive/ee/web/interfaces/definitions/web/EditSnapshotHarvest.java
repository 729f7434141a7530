package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
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
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-snapshot-harvest.xhtml?name=Autumn: a snapshot harvest's definition and
 * limits, and whether it runs; without a name it creates one. The version the page was loaded with
 * is kept in the view and sent with a change.
 */
@Named
@ViewScoped
public class EditSnapshotHarvest implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "harvest";

  @EJB private HarvestService harvests;
  @EJB private ChannelService channelService;

  private String name;
  private boolean creating = true;
  private boolean found = true;
  private String harvestName;
  private String comments;
  private String audience;
  private String channel;
  private Long maxObjectsPerDomain;
  private Long maxBytesPerDomain;
  private Long maxJobRunningSeconds;
  private String continueFrom;
  private int version;
  private HarvestView harvest;
  private List<String> channels;
  private List<String> snapshots;

  public void load() {
    creating = name == null || name.isBlank();
    channels = channelService.ofKind(HarvestKind.SNAPSHOT).stream().map(ChannelView::name).toList();
    snapshots =
        harvests.list(HarvestKind.SNAPSHOT, null, 0, Page.MAX_SIZE).items().stream()
            .map(HarvestView::name)
            .filter(n -> creating || !n.equals(name))
            .toList();
    if (creating) {
      return;
    }
    HarvestView view = Refusals.attempt(null, null, () -> harvests.get(name)).orElse(null);
    found = view != null && view.kind() == HarvestKind.SNAPSHOT;
    if (found) {
      show(view);
    }
  }

  /** Creates or changes the harvest; saved, it is shown again. */
  public String save() {
    HarvestSettings settings =
        HarvestSettings.snapshot(
            harvestName,
            channel,
            creating ? comments : blankIfNone(comments),
            creating ? audience : blankIfNone(audience),
            maxObjectsPerDomain,
            maxBytesPerDomain,
            maxJobRunningSeconds,
            creating ? continueFrom : blankIfNone(continueFrom));
    HarvestView saved =
        Refusals.attempt(
                FORM,
                "name",
                () ->
                    creating
                        ? harvests.createSnapshot(settings)
                        : harvests.update(name, version, settings))
            .orElse(null);
    if (saved == null) {
      return null;
    }
    Refusals.infoAfterRedirect(Texts.text("editHarvest.saved", saved.name()));
    return "edit-snapshot-harvest?faces-redirect=true&name="
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

  private void show(HarvestView view) {
    harvest = view;
    harvestName = view.name();
    comments = view.comments();
    audience = view.audience();
    channel = view.channel();
    maxObjectsPerDomain = view.maxObjectsPerDomain();
    maxBytesPerDomain = view.maxBytesPerDomain();
    maxJobRunningSeconds = view.maxJobRunningSeconds();
    continueFrom = view.continueFrom();
    version = view.version();
  }

  private static String blankIfNone(String text) {
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

  public List<String> getSnapshots() {
    return snapshots;
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

  public Long getMaxObjectsPerDomain() {
    return maxObjectsPerDomain;
  }

  public void setMaxObjectsPerDomain(Long maxObjectsPerDomain) {
    this.maxObjectsPerDomain = maxObjectsPerDomain;
  }

  public Long getMaxBytesPerDomain() {
    return maxBytesPerDomain;
  }

  public void setMaxBytesPerDomain(Long maxBytesPerDomain) {
    this.maxBytesPerDomain = maxBytesPerDomain;
  }

  public Long getMaxJobRunningSeconds() {
    return maxJobRunningSeconds;
  }

  public void setMaxJobRunningSeconds(Long maxJobRunningSeconds) {
    this.maxJobRunningSeconds = maxJobRunningSeconds;
  }

  public String getContinueFrom() {
    return continueFrom;
  }

  public void setContinueFrom(String continueFrom) {
    this.continueFrom = continueFrom;
  }

  public int getVersion() {
    return version;
  }
}
