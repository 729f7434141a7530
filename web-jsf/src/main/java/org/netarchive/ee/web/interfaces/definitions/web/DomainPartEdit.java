package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs a page that edits one named part of a domain (a seed list, a configuration), or without a
 * name creates one: the view parameters {@code domain} and {@code name} say which. Loading reads
 * the domain and says on the page when it or the part does not exist; saving returns to the
 * domain's page with the saved message.
 */
public abstract class DomainPartEdit implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The service that reads and changes domains. */
  @EJB protected DomainService domains;

  private final String noSuchPart;
  private final String saved;
  private String domainName;
  private String name;
  private DomainView domain;
  private boolean creating;

  /**
   * @param noSuchPart the text key of "domain {0} has no part {1}"
   * @param saved the text key of "part {0} of domain {1} saved"
   */
  protected DomainPartEdit(String noSuchPart, String saved) {
    this.noSuchPart = noSuchPart;
    this.saved = saved;
  }

  /** Reads the domain and, unless a new part is made, the part named. */
  public void load() {
    if (domainName == null || domainName.isBlank()) {
      Refusals.error(null, null, Texts.text("editDomain.noDomain"));
      return;
    }
    domain = Refusals.attempt(null, null, () -> domains.get(domainName)).orElse(null);
    if (domain == null) {
      return;
    }
    creating = name == null || name.isBlank();
    if (creating) {
      startNew(domain);
    } else if (!loadPart(domain, name)) {
      Refusals.error(null, null, Texts.text(noSuchPart, domain.name(), name));
      domain = null;
    }
  }

  /** Fills the form for a new part of the domain. */
  protected abstract void startNew(DomainView domain);

  /**
   * Fills the form from the domain's part of this name.
   *
   * @return false if the domain has no such part
   */
  protected abstract boolean loadPart(DomainView domain, String name);

  /**
   * Says after the redirect that the part was saved, and goes back to the domain's page.
   *
   * @param partName the part's name as the form has it
   * @return the navigation outcome
   */
  protected String backToDomain(String partName) {
    Refusals.infoAfterRedirect(
        Texts.text(saved, partName == null ? "" : partName.strip(), domain.unicodeName()));
    return "edit-domain?faces-redirect=true&domain=" + domain.name();
  }

  public DomainView getDomain() {
    return domain;
  }

  public boolean isCreating() {
    return creating;
  }

  public String getDomainName() {
    return domainName;
  }

  public void setDomainName(String domainName) {
    this.domainName = domainName;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}
