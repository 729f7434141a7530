package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.common.message.AgentCommandState;
import org.netarchive.ee.scheduler.domain.model.fleet.AgentSteering;
import org.netarchive.ee.scheduler.domain.model.fleet.FleetCommand;
import org.netarchive.ee.scheduler.domain.model.fleet.FleetCommandRepository;

/**
 * Operator commands in {@code agent_command} and what the operators want of each agent in {@code
 * agent_steering}, through the named queries declared on {@link FleetCommand}.
 */
@ApplicationScoped
public class JpaFleetCommandRepository implements FleetCommandRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public void add(FleetCommand command) {
    em.persist(command);
    em.flush();
  }

  @Override
  public Optional<FleetCommand> find(long id) {
    return Optional.ofNullable(em.find(FleetCommand.class, id));
  }

  @Override
  public List<FleetCommand> recent(int max) {
    return NamedQueries.atMost(em, "FleetCommand.recent", FleetCommand.class, Math.max(1, max));
  }

  @Override
  public List<FleetCommand> unansweredOf(String agent) {
    return NamedQueries.list(
        em,
        "FleetCommand.unansweredOf",
        FleetCommand.class,
        "agent",
        agent,
        "sent",
        AgentCommandState.SENT);
  }

  @Override
  public int removeBefore(Instant before) {
    return NamedQueries.update(em, "FleetCommand.removeBefore", "before", before);
  }

  @Override
  public Optional<AgentSteering> steeringOf(String agent) {
    return Optional.ofNullable(em.find(AgentSteering.class, agent));
  }

  @Override
  public void add(AgentSteering steering) {
    em.persist(steering);
  }
}
