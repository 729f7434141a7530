package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_DNS;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER_ID;

import java.util.List;
import java.util.Optional;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The quota enforcer: the bean whose properties the per-domain quota sheets set by its id, in the
 * fetch chain before the DNS fetcher.
 */
final class QuotaEnforcerCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    Element enforcer = beans.bean(QUOTA_ENFORCER_ID);
    if (enforcer == null || !QUOTA_ENFORCER.equals(enforcer.attribute("class"))) {
      problems.add(
          "There is no bean '"
              + QUOTA_ENFORCER_ID
              + "' of class "
              + QUOTA_ENFORCER
              + (enforcer == null
                  ? ""
                  : " (the bean of that id at line "
                      + enforcer.line()
                      + " is of class "
                      + enforcer.attribute("class")
                      + ")")
              + "; the per-domain quota sheets inserted at "
              + Placeholder.DOMAIN_QUOTAS.token()
              + " set its properties by that name");
      return;
    }
    Optional<List<Element>> chain = BeanCheck.chain(beans, FETCH_CHAIN, "fetch chain", problems);
    if (chain.isEmpty()) {
      return;
    }
    List<Element> fetch = chain.get();
    int enforcerAt = -1;
    int dnsAt = -1;
    for (int i = 0; i < fetch.size(); i++) {
      Element entry = fetch.get(i);
      if (enforcerAt < 0 && BeanDefinitions.refersTo(entry, QUOTA_ENFORCER_ID, enforcer)) {
        enforcerAt = i;
      }
      if (dnsAt < 0 && FETCH_DNS.equals(beans.classOfEntry(entry))) {
        dnsAt = i;
      }
    }
    if (enforcerAt < 0 || (dnsAt >= 0 && enforcerAt > dnsAt)) {
      problems.add(
          "The bean '"
              + QUOTA_ENFORCER_ID
              + "' must be in the processors of the fetch chain (class "
              + FETCH_CHAIN
              + ") before the DNS fetcher ("
              + FETCH_DNS
              + "), so that a domain's quota stops its URIs before they are fetched"
              + (enforcerAt < 0 ? "; add <ref bean=\"" + QUOTA_ENFORCER_ID + "\"/> to it" : ""));
    }
  }
}
