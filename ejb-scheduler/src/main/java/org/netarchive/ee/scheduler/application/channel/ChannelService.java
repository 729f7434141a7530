package org.netarchive.ee.scheduler.application.channel;

import static org.netarchive.ee.scheduler.application.Fields.check;
import static org.netarchive.ee.scheduler.application.Fields.checked;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;

/**
 * Harvest channels: the job queues harvests send their jobs to. Everyone reads them; only admins
 * create them, change their comments and choose the default of a kind, because a channel is a queue
 * on the broker that harvester agents are set up to listen on.
 *
 * <p>A new channel's queue is created on the broker in the same call, after the channel is stored
 * and before the transaction commits: if the broker refuses, the channel is not kept either.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class ChannelService {

  @Inject private HarvestChannelRepository channels;
  @Inject private ChannelQueues queues;

  public ChannelService() {}

  /** A service outside the container, e.g. in a test. */
  ChannelService(HarvestChannelRepository channels, ChannelQueues queues) {
    this.channels = channels;
    this.queues = queues;
  }

  /** One page of the channels whose names match a glob ({@code *}, {@code ?}), by name. */
  public Page<ChannelView> list(String nameGlob, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    return channels
        .list(nameGlob, request.page(), request.size())
        .map(c -> ChannelView.of(c, queues));
  }

  /** The channels of a kind, by name: what a harvest of that kind may choose from. */
  public List<ChannelView> ofKind(HarvestKind kind) {
    return channels.ofKind(kind).stream().map(c -> ChannelView.of(c, queues)).toList();
  }

  public ChannelView get(String name) {
    return ChannelView.of(find(name), queues);
  }

  /**
   * Creates a channel, not the default of its kind, and its job queue on the broker.
   *
   * @param name 1 to 60 letters A-Z and digits; lower case is upper-cased
   * @throws InvalidFieldException for {@code name} if it is not valid or taken, {@code kind} if it
   *     is missing, {@code comments} if they are too long
   */
  @RolesAllowed("admin")
  public ChannelView create(String name, HarvestKind kind, String comments) {
    String wanted = checked("name", () -> HarvestChannel.validName(name));
    if (kind == null) {
      throw new InvalidFieldException("kind", Text.of("channel.kindRequired"));
    }
    if (channels.findByName(wanted).isPresent()) {
      throw new InvalidFieldException("name", Text.of("channel.exists", wanted));
    }
    HarvestChannel channel = new HarvestChannel(wanted, kind, null);
    check("comments", () -> channel.changeComments(comments));
    channels.add(channel);
    channels.flush();
    queues.ensureQueue(channel.name());
    return ChannelView.of(channel, queues);
  }

  /**
   * Replaces a channel's comments; its name and kind never change.
   *
   * @param version the version the change was made on
   */
  @RolesAllowed("admin")
  public ChannelView update(String name, int version, String comments) {
    HarvestChannel channel = find(name);
    if (channel.version() != version) {
      throw new StaleEditException(
          Text.of("subject.channel", channel.name()), channel.version(), version);
    }
    check("comments", () -> channel.changeComments(comments));
    channels.flush();
    return ChannelView.of(channel, queues);
  }

  /**
   * Makes a channel the default of its kind, which new harvests of that kind then use; the former
   * default stops being it. Harvests keep the channel they have.
   */
  @RolesAllowed("admin")
  public ChannelView makeDefault(String name) {
    HarvestChannel channel = find(name);
    channels.makeDefault(channel);
    channels.flush();
    return ChannelView.of(channel, queues);
  }

  private HarvestChannel find(String name) {
    return channels
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("channel.notFound", name)));
  }
}
