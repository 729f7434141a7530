package org.netarchive.ee.scheduler.domain.model.channel;

import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Where harvest channels are kept. */
public interface HarvestChannelRepository {

  Optional<HarvestChannel> find(long id);

  /** The channel with this name, given in any case. */
  Optional<HarvestChannel> findByName(String name);

  /** The default channel of a kind; empty only before the schema's defaults exist. */
  Optional<HarvestChannel> findDefault(HarvestKind kind);

  /** The channels of a kind, by name, to choose from. */
  List<HarvestChannel> ofKind(HarvestKind kind);

  /** Every channel, by name. */
  List<HarvestChannel> all();

  /**
   * One page of the channels whose names match a glob, by name.
   *
   * @param nameGlob {@code *} for any characters, {@code ?} for one, case-insensitive; {@code null}
   *     or blank for all
   * @throws IllegalArgumentException if the page or size is out of range ({@link
   *     Page#checkRequest})
   */
  Page<HarvestChannel> list(String nameGlob, int page, int size);

  /** Stores a new channel. */
  void add(HarvestChannel channel);

  /**
   * Makes a stored channel the default of its kind; the present default stops being it, in the same
   * transaction. (The database allows one default per kind after every statement, so the order of
   * the two changes matters; this is why it is not left to the caller.)
   */
  void makeDefault(HarvestChannel channel);

  /** Writes pending changes now, so versions in views made afterwards are the new ones. */
  void flush();
}
