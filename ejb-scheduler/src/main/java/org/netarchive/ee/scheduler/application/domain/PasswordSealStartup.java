package org.netarchive.ee.scheduler.application.domain;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Seals, when the application starts, the domain passwords an older version stored in the clear
 * (schema V12 made room for the sealed form; a migration script cannot, since the key is not in the
 * database). Logs how many, never which values.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@PermitAll
public class PasswordSealStartup {

  private static final Logger LOG = Logger.getLogger(PasswordSealStartup.class.getName());

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Inject private PasswordSeal seal;

  @PostConstruct
  void sealClearPasswords() {
    List<DomainPassword> clear =
        em.createQuery(
                "SELECT p FROM DomainPassword p WHERE p.legacyClearPassword IS NOT NULL",
                DomainPassword.class)
            .getResultList();
    for (DomainPassword p : clear) {
      p.seal(seal.seal(p.sealOwner(), p.legacyClearPassword()));
    }
    if (!clear.isEmpty()) {
      LOG.info(() -> "Sealed " + clear.size() + " domain password(s) stored in the clear");
    }
  }
}
