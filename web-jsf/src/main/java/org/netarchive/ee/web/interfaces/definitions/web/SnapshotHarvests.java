package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

/** Backs definitions/snapshot-harvests.xhtml: the snapshot harvests whose names match a glob. */
@Named
@ViewScoped
public class SnapshotHarvests extends HarvestList {
  private static final long serialVersionUID = 1L;

  public SnapshotHarvests() {
    super(HarvestKind.SNAPSHOT, "snapshot-harvests");
  }
}
