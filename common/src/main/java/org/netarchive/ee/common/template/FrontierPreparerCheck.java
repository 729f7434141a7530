package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.DOMAIN_QUEUES;
import static org.netarchive.ee.common.template.HeritrixClasses.FRONTIER_PREPARER;

import java.util.List;
import org.netarchive.ee.common.template.XmlDocument.Element;

/** The frontier preparer: one queue per domain, so that the per-domain quotas count per domain. */
final class FrontierPreparerCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    List<Element> preparers = beans.topLevelBeansOfClass(FRONTIER_PREPARER);
    boolean oneQueuePerDomain =
        !preparers.isEmpty()
            && preparers.stream()
                .allMatch(
                    preparer -> {
                      Element policy = BeanDefinitions.property(preparer, "queueAssignmentPolicy");
                      return policy != null
                          && DOMAIN_QUEUES.equals(beans.classOfPropertyValue(policy));
                    });
    if (!oneQueuePerDomain) {
      problems.add(
          "The frontier preparer (class "
              + FRONTIER_PREPARER
              + (preparers.isEmpty() ? ", missing" : ", line " + BeanDefinitions.lines(preparers))
              + ") must give each domain one queue: set its queueAssignmentPolicy to a bean of"
              + " class "
              + DOMAIN_QUEUES
              + ", so that the per-domain quotas count per domain");
    }
  }
}
