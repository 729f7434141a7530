package org.netarchive.ee.batch.interfaces.imports.batch;

import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import java.util.List;
import org.netarchive.ee.scheduler.application.imports.NasImportPage;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

/**
 * Imports each chunk of source rows {@link NasSourceReader} read, in order; each is recorded with
 * its position, counts and problems as it is written.
 */
@Named("nasChunkWriter")
@Dependent
public class NasChunkWriter extends AbstractItemWriter {

  @EJB NasImportSteps steps;

  @Override
  public void writeItems(List<Object> items) {
    for (Object item : items) {
      steps.write((NasImportPage) item);
    }
  }
}
