package org.netarchive.ee.agent.testsite;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * The synthetic site served on loopback to the tests of one class: started before all of them (and
 * before the class's own {@code @BeforeAll} methods), stopped after all. Registered as a static
 * field with {@code @RegisterExtension}.
 */
public final class ServedSite implements BeforeAllCallback, AfterAllCallback {

  private final long seed;
  private final List<SyntheticSite.Host> hosts;
  private SyntheticSite site;

  /** A site whose content {@code seed} generates, with these hosts. */
  public ServedSite(long seed, SyntheticSite.Host... hosts) {
    this.seed = seed;
    this.hosts = List.of(hosts);
  }

  /** The site being served; only while the test class runs. */
  public SyntheticSite site() {
    if (site == null) {
      throw new IllegalStateException("The synthetic site is served only while its tests run");
    }
    return site;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    site = new SyntheticSite(seed, hosts);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (site != null) {
      site.close();
      site = null;
    }
  }
}
