package org.netarchive.ee.batch.interfaces.domains.batch;

import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.InvalidDomainNameException;

/** Validates each line as a domain name; an invalid one is passed on with its reason. */
@Named("domainLineValidator")
@Dependent
public class DomainLineValidator implements ItemProcessor {

  @Override
  public Object processItem(Object item) {
    ListLine line = (ListLine) item;
    try {
      return new DomainLine(line.lineNumber(), line.text(), DomainName.of(line.text()), null);
    } catch (InvalidDomainNameException e) {
      return new DomainLine(line.lineNumber(), line.text(), null, e.reason());
    }
  }
}
