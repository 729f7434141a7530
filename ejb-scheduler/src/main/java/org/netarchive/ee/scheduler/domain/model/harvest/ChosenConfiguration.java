package org.netarchive.ee.scheduler.domain.model.harvest;

import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;

/**
 * A domain configuration chosen for a selective harvest. The harvest keeps only the two ids; the
 * names are for messages and lists.
 *
 * @param domainId the id of the configuration's domain
 * @param domainName the domain's (ASCII) name
 * @param configurationId the configuration's id
 * @param configurationName the configuration's name
 */
public record ChosenConfiguration(
    long domainId, String domainName, long configurationId, String configurationName) {

  /**
   * A stored configuration.
   *
   * @throws IllegalArgumentException if it or its domain is not stored yet
   */
  public static ChosenConfiguration of(DomainConfiguration configuration) {
    if (configuration.id() == null || configuration.domain().id() == null) {
      throw new IllegalArgumentException(
          "Configuration '"
              + configuration.name()
              + "' of domain '"
              + configuration.domain().name()
              + "' is not saved yet, so no harvest can use it");
    }
    return new ChosenConfiguration(
        configuration.domain().id(),
        configuration.domain().name(),
        configuration.id(),
        configuration.name());
  }

  @Override
  public String toString() {
    return "configuration '" + configurationName + "' of domain '" + domainName + "'";
  }
}
