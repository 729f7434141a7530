package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.util.List;
import org.netarchive.ee.scheduler.application.harvest.HarvestSettings;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * Backs definitions/edit-snapshot-harvest.xhtml?name=Autumn: a snapshot harvest's definition and
 * limits, and whether it runs; without a name it creates one. The version the page was loaded with
 * is kept in the view and sent with a change.
 */
@Named
@ViewScoped
public class EditSnapshotHarvest extends EditHarvest {
  private static final long serialVersionUID = 1L;

  private Long maxObjectsPerDomain;
  private Long maxBytesPerDomain;
  private Long maxJobRunningSeconds;
  private String continueFrom;
  private List<String> snapshots;

  @Override
  HarvestKind kind() {
    return HarvestKind.SNAPSHOT;
  }

  @Override
  String page() {
    return "edit-snapshot-harvest";
  }

  @Override
  void loadChoices() {
    snapshots =
        harvests.list(HarvestKind.SNAPSHOT, null, 0, Page.MAX_SIZE).items().stream()
            .map(HarvestView::name)
            .filter(n -> creating || !n.equals(name))
            .toList();
  }

  @Override
  HarvestSettings settings() {
    return HarvestSettings.snapshot(
        harvestName,
        channel,
        creating ? comments : blankIfNone(comments),
        creating ? audience : blankIfNone(audience),
        maxObjectsPerDomain,
        maxBytesPerDomain,
        maxJobRunningSeconds,
        creating ? continueFrom : blankIfNone(continueFrom));
  }

  @Override
  HarvestView create(HarvestSettings settings) {
    return harvests.createSnapshot(settings);
  }

  @Override
  void showKind(HarvestView view) {
    maxObjectsPerDomain = view.maxObjectsPerDomain();
    maxBytesPerDomain = view.maxBytesPerDomain();
    maxJobRunningSeconds = view.maxJobRunningSeconds();
    continueFrom = view.continueFrom();
  }

  public List<String> getSnapshots() {
    return snapshots;
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
}
