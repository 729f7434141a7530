package org.netarchive.ee.common.template;

import java.util.List;
import java.util.Optional;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The check of one Heritrix bean that the values the agent fills in rely on (the seeds module, the
 * WARC writer, the quota enforcer, the frontier preparer) or of the overrides that could replace
 * them. Each adds what it finds wrong to the problems, so that a curator sees them all at once.
 */
interface BeanCheck {

  /** The checks, in the order their problems are listed. */
  List<BeanCheck> ALL =
      List.of(
          new SeedsModuleCheck(),
          new WarcWriterCheck(),
          new QuotaEnforcerCheck(),
          new FrontierPreparerCheck(),
          new OverridesCheck());

  void check(BeanDefinitions beans, List<String> problems);

  /**
   * The one top-level bean of a class, or empty with a problem if there is none ("There is no
   * {@code what} bean (class ...); {@code ifNone}") or more than one ("There are n {@code what}
   * beans (class ..., lines ...); {@code ifMany}").
   */
  static Optional<Element> onlyBean(
      BeanDefinitions beans,
      String beanClass,
      String what,
      String ifNone,
      String ifMany,
      List<String> problems) {
    List<Element> found = beans.topLevelBeansOfClass(beanClass);
    if (found.isEmpty()) {
      problems.add("There is no " + what + " bean (class " + beanClass + "); " + ifNone);
    } else if (found.size() > 1) {
      problems.add(
          "There are "
              + found.size()
              + " "
              + what
              + " beans (class "
              + beanClass
              + ", lines "
              + BeanDefinitions.lines(found)
              + "); "
              + ifMany);
    } else {
      return Optional.of(found.get(0));
    }
    return Optional.empty();
  }

  /**
   * The processors of the first chain bean of a class, or empty (with a problem) if there is none.
   */
  static Optional<List<Element>> chain(
      BeanDefinitions beans, String chainClass, String what, List<String> problems) {
    Optional<List<Element>> processors = beans.chainProcessors(chainClass);
    if (processors.isEmpty()) {
      problems.add("There is no " + what + " bean (class " + chainClass + ")");
    }
    return processors;
  }
}
