package org.netarchive.ee.scheduler.application.channel;

import static org.netarchive.ee.scheduler.application.InMemoryPages.matchingByName;
import static org.netarchive.ee.scheduler.application.InMemoryPages.pageOf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;

/**
 * Channels in a list, for testing services without a database; starts with the two defaults of a
 * new installation, as the schema does.
 */
public final class InMemoryChannelRepository implements HarvestChannelRepository {

  private final List<HarvestChannel> channels = new ArrayList<>();
  private long nextId = 1;

  public InMemoryChannelRepository() {
    for (HarvestChannel channel :
        List.of(
            new HarvestChannel(HarvestChannel.HIGH_PRIORITY, HarvestKind.SELECTIVE, null),
            new HarvestChannel(HarvestChannel.LOW_PRIORITY, HarvestKind.SNAPSHOT, null))) {
      add(channel);
      channel.makeDefaultInsteadOf(null);
    }
  }

  @Override
  public Optional<HarvestChannel> find(long id) {
    return channels.stream().filter(c -> c.id() == id).findFirst();
  }

  @Override
  public Optional<HarvestChannel> findByName(String name) {
    return name == null
        ? Optional.empty()
        : channels.stream()
            .filter(c -> c.name().equals(name.strip().toUpperCase(Locale.ROOT)))
            .findFirst();
  }

  @Override
  public Optional<HarvestChannel> findDefault(HarvestKind kind) {
    return channels.stream().filter(c -> c.kind() == kind && c.isDefault()).findFirst();
  }

  @Override
  public List<HarvestChannel> ofKind(HarvestKind kind) {
    return channels.stream()
        .filter(c -> c.kind() == kind)
        .sorted(Comparator.comparing(HarvestChannel::name))
        .toList();
  }

  @Override
  public Page<HarvestChannel> list(String nameGlob, int page, int size) {
    List<HarvestChannel> matching =
        matchingByName(channels, nameGlob, HarvestChannel::name).toList();
    return pageOf(matching, page, size);
  }

  @Override
  public void add(HarvestChannel channel) {
    EntityIds.assign(channel, nextId++);
    channels.add(channel);
  }

  @Override
  public void makeDefault(HarvestChannel channel) {
    channel.makeDefaultInsteadOf(findDefault(channel.kind()).orElse(null));
  }

  @Override
  public void flush() {}

  @Override
  public List<HarvestChannel> all() {
    return channels.stream().sorted(Comparator.comparing(HarvestChannel::name)).toList();
  }
}
