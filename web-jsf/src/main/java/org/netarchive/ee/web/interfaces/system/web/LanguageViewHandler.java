package org.netarchive.ee.web.interfaces.system.web;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.faces.application.ViewHandler;
import jakarta.faces.application.ViewHandlerWrapper;
import jakarta.faces.context.FacesContext;
import java.util.Locale;

/**
 * Every page in the language the person logged in chose ({@link UserLanguage}); without a choice,
 * or before logging in, the browser's Accept-Language among the languages faces-config.xml offers.
 */
public class LanguageViewHandler extends ViewHandlerWrapper {

  public LanguageViewHandler(ViewHandler wrapped) {
    super(wrapped);
  }

  @Override
  public Locale calculateLocale(FacesContext context) {
    if (context.getExternalContext().getRemoteUser() != null) {
      var chosen = CDI.current().select(UserLanguage.class).get().chosen();
      if (chosen.isPresent()) {
        return Locale.of(chosen.get());
      }
    }
    return super.calculateLocale(context);
  }
}
