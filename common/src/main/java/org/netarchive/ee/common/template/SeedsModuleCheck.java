package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;

import java.util.List;

/** The seeds module: exactly one, which the agent gives the job's seeds to. */
final class SeedsModuleCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    BeanCheck.onlyBean(
        beans,
        TEXT_SEED_MODULE,
        "seeds",
        "the agent gives the job's seeds to it through " + Placeholder.SEEDS.token(),
        "keep the one with " + Placeholder.SEEDS.token(),
        problems);
  }
}
