package org.netarchive.ee.scheduler.domain.model.job;

import java.io.Serializable;
import java.util.Objects;

/**
 * A domain configuration of a harvest, as the splitter sees it.
 *
 * @param configurationId the configuration's id, 1 or more
 * @param domainId the id of the configuration's domain, 1 or more
 * @param domainName the domain's name, for messages
 * @param templateId the id of the harvest template the configuration uses, 1 or more
 * @param maxBytes the configuration's own byte limit per domain, -1 for none
 * @param expectedObjects the objects expected in the next harvest (see {@link ObjectEstimate}), 0
 *     or more
 */
public record JobCandidate(
    long configurationId,
    long domainId,
    String domainName,
    long templateId,
    long maxBytes,
    long expectedObjects)
    implements Serializable {

  public JobCandidate {
    Objects.requireNonNull(domainName, "domainName");
    String owner = "Configuration " + configurationId + " of domain '" + domainName + "'";
    if (configurationId < 1 || domainId < 1 || templateId < 1) {
      throw new IllegalArgumentException(
          owner
              + ": configuration, domain and template ids must be 1 or more, were "
              + configurationId
              + ", "
              + domainId
              + " and "
              + templateId);
    }
    if (domainName.isBlank()) {
      throw new IllegalArgumentException(owner + ": the domain name must not be blank");
    }
    Limits.require(owner + ": maxBytes", maxBytes);
    Limits.requireCount(owner + ": expectedObjects", expectedObjects);
  }

  /** For messages: "configuration 12 of domain 'kb.dk'". */
  public String describe() {
    return "configuration " + configurationId + " of domain '" + domainName + "'";
  }
}
