package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/channels.xhtml: the harvest channels whose names match a glob, a page at a
 * time, each with its kind, whether it is the default of its kind and its job queue.
 */
@Named
@ViewScoped
public class Channels extends GlobList<ChannelView> {
  private static final long serialVersionUID = 1L;

  @EJB private ChannelService channels;

  public Channels() {
    super("channels");
  }

  @Override
  protected PagedList<ChannelView> list(String glob) {
    ChannelService service = channels;
    return new PagedList<>(
        Domains.PAGE_SIZE, ChannelView::name, (p, s) -> service.list(glob, p, s));
  }
}
