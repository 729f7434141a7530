package org.netarchive.ee.scheduler.domain.model.account;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores a {@link Role} by its role name, the form the security realm reads. */
@Converter
public class RoleConverter implements AttributeConverter<Role, String> {
  @Override
  public String convertToDatabaseColumn(Role role) {
    return role == null ? null : role.roleName();
  }

  @Override
  public Role convertToEntityAttribute(String roleName) {
    return roleName == null ? null : Role.fromRoleName(roleName);
  }
}
