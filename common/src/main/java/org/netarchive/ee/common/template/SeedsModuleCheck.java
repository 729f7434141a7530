package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;

import java.util.List;
import org.netarchive.ee.common.template.XmlDocument.Element;

/** The seeds module: exactly one, which the agent gives the job's seeds to. */
final class SeedsModuleCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    List<Element> seeds = beans.topLevelBeansOfClass(TEXT_SEED_MODULE);
    if (seeds.isEmpty()) {
      problems.add(
          "There is no seeds bean (class "
              + TEXT_SEED_MODULE
              + "); the agent gives the job's seeds to it through "
              + Placeholder.SEEDS.token());
    } else if (seeds.size() > 1) {
      problems.add(
          "There are "
              + seeds.size()
              + " seeds beans (class "
              + TEXT_SEED_MODULE
              + ", lines "
              + BeanDefinitions.lines(seeds)
              + "); keep the one with "
              + Placeholder.SEEDS.token());
    }
  }
}
