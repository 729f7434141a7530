package org.netarchive.ee.common.message;

/**
 * The software version of a running component, as its heartbeat reports it (detail {@value
 * #DETAIL}) and the system page compares it with the server's.
 */
public final class SoftwareVersion {

  /** The heartbeat detail that carries a component's software version. */
  public static final String DETAIL = "version";

  /** What a component built outside the project's Maven build (e.g. from an IDE) reports. */
  public static final String DEVELOPMENT = "(development)";

  private SoftwareVersion() {}

  /**
   * The version of the build that a class comes from: the {@code Implementation-Version} of its
   * jar's manifest, which the project's build writes, or {@value #DEVELOPMENT} if there is none.
   *
   * @param type a class of the component
   * @return its version, never {@code null}
   */
  public static String of(Class<?> type) {
    Package p = type.getPackage();
    String version = p == null ? null : p.getImplementationVersion();
    return version == null || version.isBlank() ? DEVELOPMENT : version;
  }
}
