package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

/** Backs definitions/selective-harvests.xhtml: the selective harvests whose names match a glob. */
@Named
@ViewScoped
public class SelectiveHarvests extends HarvestList {
  private static final long serialVersionUID = 1L;

  public SelectiveHarvests() {
    super(HarvestKind.SELECTIVE, "selective-harvests");
  }
}
