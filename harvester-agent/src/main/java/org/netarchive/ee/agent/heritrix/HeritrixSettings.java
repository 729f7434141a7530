package org.netarchive.ee.agent.heritrix;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How Heritrix is run and watched.
 *
 * @param home the unpacked Heritrix distribution
 * @param java the java program
 * @param heap the maximum heap, as for {@code -Xmx}
 * @param javaOptions further JVM options
 * @param noResponseTimeout stop the crawl when nothing is downloaded for this long
 * @param inactivityTimeout stop the crawl when no thread is busy for this long
 * @param processTimeout how long Heritrix may take to end a crawl or exit before it is killed
 * @param statusInterval how often progress is reported
 */
public record HeritrixSettings(
    Path home,
    Path java,
    String heap,
    List<String> javaOptions,
    Duration noResponseTimeout,
    Duration inactivityTimeout,
    Duration processTimeout,
    Duration statusInterval) {

  public HeritrixSettings {
    javaOptions = List.copyOf(javaOptions);
  }
}
