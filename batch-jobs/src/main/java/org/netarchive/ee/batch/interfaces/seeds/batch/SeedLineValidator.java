package org.netarchive.ee.batch.interfaces.seeds.batch;

import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedsByDomain;

/** Checks each line of a seed list as {@link SeedsByDomain} does for a short one. */
@Named("seedLineValidator")
@Dependent
public class SeedLineValidator implements ItemProcessor {

  @Override
  public Object processItem(Object item) {
    ListLine line = (ListLine) item;
    // Lists are at most 512 MB, far fewer lines than an int counts.
    SeedsByDomain sorted =
        SeedsByDomain.of(List.of(line.text()), Math.toIntExact(line.lineNumber()));
    if (!sorted.refused().isEmpty()) {
      return new SeedLine(
          line.lineNumber(), line.text(), null, null, sorted.refused().get(0).reason());
    }
    Map.Entry<DomainName, List<String>> seed = sorted.seeds().entrySet().iterator().next();
    return new SeedLine(
        line.lineNumber(), line.text(), seed.getValue().get(0), seed.getKey(), null);
  }
}
