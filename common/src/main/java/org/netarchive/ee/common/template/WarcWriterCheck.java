package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.DISPOSITION_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.WARC_WRITER;

import java.util.List;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The WARC writer: exactly one, in the disposition chain, which the agent names and places the
 * job's WARC files through.
 */
final class WarcWriterCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    List<Element> writers = beans.topLevelBeansOfClass(WARC_WRITER);
    if (writers.isEmpty()) {
      problems.add(
          "There is no WARC writer bean (class "
              + WARC_WRITER
              + "); the agent names and places the job's WARC files through "
              + Placeholder.WARC_PREFIX.token()
              + " and "
              + Placeholder.WARC_DIRECTORY.token()
              + " in it");
      return;
    }
    if (writers.size() > 1) {
      problems.add(
          "There are "
              + writers.size()
              + " WARC writer beans (class "
              + WARC_WRITER
              + ", lines "
              + BeanDefinitions.lines(writers)
              + "); keep one, so that every WARC file of a job is named and placed by the agent");
      return;
    }
    Element writer = writers.get(0);
    String id = BeanDefinitions.beanId(writer);
    BeanCheck.chain(beans, DISPOSITION_CHAIN, "disposition chain", problems)
        .filter(
            disposition ->
                disposition.stream().noneMatch(e -> BeanDefinitions.refersTo(e, id, writer)))
        .ifPresent(
            disposition ->
                problems.add(
                    "The WARC writer bean"
                        + (id == null ? "" : " '" + id + "'")
                        + " at line "
                        + writer.line()
                        + " is not in the processors of the disposition chain (class "
                        + DISPOSITION_CHAIN
                        + "), so nothing would be archived; add <ref bean=\""
                        + (id == null ? "..." : id)
                        + "\"/> to it"));
  }
}
