package org.netarchive.ee.scheduler.domain.model.fleet;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The operator commands to agents, and what the operators want of each agent. */
public interface FleetCommandRepository {

  /**
   * Stores a new command and gives it its id at once (it is sent with it).
   *
   * @param command the command
   */
  void add(FleetCommand command);

  Optional<FleetCommand> find(long id);

  /** The newest commands, newest first. */
  List<FleetCommand> recent(int max);

  /** The commands to an agent that it has not answered, oldest first. */
  List<FleetCommand> unansweredOf(String agent);

  /** Removes the commands asked before a time; returns how many. */
  int removeBefore(Instant before);

  Optional<AgentSteering> steeringOf(String agent);

  void add(AgentSteering steering);
}
