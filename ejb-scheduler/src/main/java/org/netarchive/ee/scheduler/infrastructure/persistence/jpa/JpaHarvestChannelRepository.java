package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;

/** Harvest channels in the {@code harvest_channel} table. */
@ApplicationScoped
public class JpaHarvestChannelRepository implements HarvestChannelRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<HarvestChannel> find(long id) {
    return Optional.ofNullable(em.find(HarvestChannel.class, id));
  }

  @Override
  public Optional<HarvestChannel> findByName(String name) {
    if (name == null) {
      return Optional.empty();
    }
    return NamedQueries.first(
        em,
        "HarvestChannel.findByName",
        HarvestChannel.class,
        "name",
        name.strip().toUpperCase(Locale.ROOT));
  }

  @Override
  public Optional<HarvestChannel> findDefault(HarvestKind kind) {
    return NamedQueries.first(em, "HarvestChannel.findDefault", HarvestChannel.class, "kind", kind);
  }

  @Override
  public List<HarvestChannel> ofKind(HarvestKind kind) {
    return NamedQueries.list(em, "HarvestChannel.ofKind", HarvestChannel.class, "kind", kind);
  }

  @Override
  public List<HarvestChannel> all() {
    return em.createNamedQuery("HarvestChannel.all", HarvestChannel.class).getResultList();
  }

  @Override
  public Page<HarvestChannel> list(String nameGlob, int page, int size) {
    return NamedQueries.pageByName(
        em, "HarvestChannel", HarvestChannel.class, nameGlob, page, size);
  }

  @Override
  public void add(HarvestChannel channel) {
    em.persist(channel);
  }

  @Override
  public void makeDefault(HarvestChannel channel) {
    HarvestChannel current = findDefault(channel.kind()).orElse(null);
    if (current == channel) {
      return;
    }
    // Hibernate writes the two changed rows in id order, and the unique key on default_kind is
    // checked per statement: clear the old default in the database before anything is flushed.
    NamedQueries.update(em, "HarvestChannel.clearDefault", "kind", channel.kind());
    channel.makeDefaultInsteadOf(current);
  }

  @Override
  public void flush() {
    em.flush();
  }
}
