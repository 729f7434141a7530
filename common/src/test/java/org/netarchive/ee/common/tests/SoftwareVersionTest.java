package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.SoftwareVersion;

class SoftwareVersionTest {

  @Test
  void givenAClassFromAJarWithAnImplementationVersion_whenAsked_thenThatVersion() {
    // JUnit's jar names its version in its manifest, as the project's build does for its own jars
    assertThat(SoftwareVersion.of(Test.class)).matches("\\d+\\.\\d+\\.\\d+.*");
  }

  @Test
  void givenAClassFromADirectoryWithoutManifest_whenAsked_thenDevelopment() {
    assertThat(SoftwareVersion.of(SoftwareVersionTest.class))
        .isEqualTo(SoftwareVersion.DEVELOPMENT);
  }
}
