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
    BeanCheck.onlyBean(
            beans,
            WARC_WRITER,
            "WARC writer",
            "the agent names and places the job's WARC files through "
                + Placeholder.WARC_PREFIX.token()
                + " and "
                + Placeholder.WARC_DIRECTORY.token()
                + " in it",
            "keep one, so that every WARC file of a job is named and placed by the agent",
            problems)
        .ifPresent(writer -> inDisposition(beans, writer, problems));
  }

  private static void inDisposition(BeanDefinitions beans, Element writer, List<String> problems) {
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
