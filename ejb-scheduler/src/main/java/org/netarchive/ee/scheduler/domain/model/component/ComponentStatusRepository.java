package org.netarchive.ee.scheduler.domain.model.component;

import java.util.List;
import java.util.Optional;

/** Where component states are kept. */
public interface ComponentStatusRepository {
  Optional<ComponentStatus> find(String component, String instance);

  void add(ComponentStatus status);

  List<ComponentStatus> all();
}
