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
