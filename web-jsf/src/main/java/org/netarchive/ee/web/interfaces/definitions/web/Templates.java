package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateSummary;
import org.netarchive.ee.scheduler.application.template.TemplateViews.Upload;
import org.netarchive.ee.scheduler.application.template.TemplateViews.VersionView;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;
import org.primefaces.model.file.UploadedFile;

/**
 * Backs definitions/templates.xhtml: the crawl templates with their versions and downloads (the
 * REST API's download, which a logged-in session may use); for admins, uploading a new template or
 * a new version (a crawler-beans.cxml in UTF-8), and activating or deactivating one.
 */
@Named
@ViewScoped
public class Templates extends GlobList<TemplateSummary> {
  private static final long serialVersionUID = 1L;

  /** The upload form, whose inputs are named after the service's fields. */
  static final String FORM = "upload";

  @EJB private TemplateService templates;

  private final Map<String, List<VersionView>> versions = new HashMap<>();
  private String name;
  private String description;
  private transient UploadedFile file;

  public Templates() {
    super("templates");
  }

  @Override
  protected PagedList<TemplateSummary> list(String glob) {
    TemplateService service = templates;
    return new PagedList<>(
        Domains.PAGE_SIZE, TemplateSummary::name, (p, s) -> service.list(glob, p, s));
  }

  /** Loads the list for the glob of the address; versions are read again when a row is opened. */
  @Override
  public void load() {
    super.load();
    versions.clear();
  }

  /** Uploads the file as a new template, or as a new version of the template of that name. */
  public void upload() {
    String text = text();
    if (text == null) {
      FacesContext.getCurrentInstance().validationFailed();
      return;
    }
    String user = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    String wantedName = name == null ? "" : name.strip();
    String wantedDescription = description;
    Refusals.attempt(
            FORM,
            TemplateService.TEMPLATE_FIELD,
            () -> templates.upload(wantedName, wantedDescription, text, user))
        .ifPresent(this::uploaded);
  }

  private void uploaded(Upload upload) {
    Refusals.info(
        switch (upload.outcome()) {
          case CREATED -> Texts.text("templates.created", upload.template().name());
          case NEW_VERSION ->
              Texts.text("templates.newVersion", upload.template().name(), upload.version());
          case UNCHANGED ->
              Texts.text("templates.unchanged", upload.template().name(), upload.version());
        });
    if (!upload.conversions().isEmpty()) {
      Refusals.info(Texts.text("templates.converted", upload.conversions().size()));
      upload.conversions().forEach(Refusals::info);
    }
    name = null;
    description = null;
    file = null;
    load();
  }

  /** The uploaded file's text, or null (with the reason shown) if there is none to upload. */
  private String text() {
    if (file == null || file.getSize() == 0) {
      Refusals.error(FORM, TemplateService.TEMPLATE_FIELD, Texts.text("templates.noFile"));
      return null;
    }
    long maxBytes = 4L * CrawlTemplate.MAX_LENGTH;
    if (file.getSize() > maxBytes) {
      Refusals.error(
          FORM,
          TemplateService.TEMPLATE_FIELD,
          Texts.text("templates.fileTooLarge", file.getFileName(), maxBytes));
      return null;
    }
    try (InputStream in = file.getInputStream()) {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(in.readAllBytes()))
          .toString();
    } catch (CharacterCodingException e) {
      Refusals.error(
          FORM,
          TemplateService.TEMPLATE_FIELD,
          Texts.text("templates.notUtf8", file.getFileName()));
      return null;
    } catch (IOException e) {
      Refusals.error(
          FORM,
          TemplateService.TEMPLATE_FIELD,
          Texts.text("templates.unreadableFile", file.getFileName(), e.getMessage()));
      return null;
    }
  }

  public void activate(String template) {
    Refusals.attempt(null, null, () -> templates.activate(template))
        .ifPresent(
            t -> {
              Refusals.info(Texts.text("templates.activated", t.name()));
              load();
            });
  }

  public void deactivate(String template) {
    Refusals.attempt(null, null, () -> templates.deactivate(template))
        .ifPresent(
            t -> {
              Refusals.info(Texts.text("templates.deactivated", t.name()));
              load();
            });
  }

  /** A template's versions, oldest first, read when its row is opened. */
  public List<VersionView> versions(String template) {
    return versions.computeIfAbsent(template, t -> templates.get(t).versions());
  }

  /** Where the text of a version (the current one if null) is downloaded. */
  public String downloadUrl(String template, Integer version) {
    String path =
        FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath()
            + "/api/templates/"
            + URLEncoder.encode(template, StandardCharsets.UTF_8).replace("+", "%20")
            + "/crawler-beans.cxml";
    return version == null ? path : path + "?version=" + version;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getDescription() {
    return description;
  }

  public void setDescription(String description) {
    this.description = description;
  }

  public UploadedFile getFile() {
    return file;
  }

  public void setFile(UploadedFile file) {
    this.file = file;
  }
}
