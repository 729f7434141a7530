package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/channels.xhtml: the harvest channels whose names match a glob, a page at a
 * time, each with its kind, whether it is the default of its kind and its job queue.
 */
@Named
@ViewScoped
public class Channels implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private ChannelService channels;

  private String glob;
  private PagedList<ChannelView> list;

  public void load() {
    String pattern = glob;
    ChannelService service = channels;
    list =
        new PagedList<>(
            Domains.PAGE_SIZE, ChannelView::name, (p, s) -> service.list(pattern, p, s));
  }

  public String search() {
    return "channels?faces-redirect=true&includeViewParams=true";
  }

  public PagedList<ChannelView> getList() {
    if (list == null) {
      load();
    }
    return list;
  }

  public String getGlob() {
    return glob;
  }

  public void setGlob(String glob) {
    this.glob = glob;
  }
}
