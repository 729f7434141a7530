package org.netarchive.ee.web.interfaces.archive.web;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.netarchive.ee.archive.application.ArchiveAdmin;
import org.netarchive.ee.archive.application.ArchiveAdmin.FileFilter;
import org.netarchive.ee.archive.application.ArchivedFileView;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs archive/archive-files.xhtml?name=1-&match=prefix&state=UPLOAD_FAILED&replica=TWO: the
 * archived files in name order, a page at a time (paged in the database), with each replica's store
 * state; how many copies each replica has in each state. The filter is the page's address.
 */
@Named
@ViewScoped
public class ArchiveFiles implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Files a page of the table shows. */
  public static final int PAGE_SIZE = 50;

  /** The form of the filter, whose inputs are named after the filter's parts. */
  static final String FORM = "filter";

  /** How the name is matched: a part of it in any case, or its start. */
  public static final List<String> MATCHES = List.of("contains", "prefix");

  @EJB private ArchiveAdmin admin;

  private String name;
  private String match;
  private String state;
  private String replica;
  private PagedList<ArchivedFileView> list;
  private Map<String, Map<ReplicaStoreState, Long>> counts;
  private List<String> replicas;

  /** Loads the files the address asks for and the counts. */
  public void load() {
    replicas = admin.replicaIds();
    counts = admin.copiesByState();
    list = null;
    ArchiveAdmin service = admin;
    Refusals.attempt(FORM, "name", () -> filter(name, match, state, replica, replicas))
        .ifPresent(
            filter -> {
              if (Refusals.attempt(FORM, "replica", () -> service.count(filter)).isPresent()) {
                list =
                    new PagedList<>(
                        PAGE_SIZE,
                        ArchivedFileView::name,
                        (p, s) ->
                            new Page<>(
                                service.list(filter, p * s, s), service.count(filter), p, s));
              }
            });
  }

  /** Shows the files the filter asks for, at an address that says which. */
  public String search() {
    return "archive-files?faces-redirect=true&includeViewParams=true";
  }

  /**
   * The admin data's filter for the parts of the address; blank parts mean any.
   *
   * @throws InvalidFieldException naming the part at fault and its value
   */
  static FileFilter filter(
      String name, String match, String state, String replica, List<String> replicas) {
    String text = blankToNull(name);
    String how = match == null || match.isBlank() ? "contains" : match.strip();
    if (!MATCHES.contains(how)) {
      throw new InvalidFieldException(
          "match", "Match '" + match + "' is none of " + MATCHES + "; use one of them");
    }
    ReplicaStoreState storeState = null;
    if (state != null && !state.isBlank()) {
      try {
        storeState = ReplicaStoreState.valueOf(state.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new InvalidFieldException(
            "state", "State '" + state + "' is no store state; the states are " + storeStates(), e);
      }
    }
    String onReplica = blankToNull(replica);
    if (onReplica != null && !replicas.contains(onReplica)) {
      throw new InvalidFieldException(
          "replica", "Unknown replica '" + replica + "'; the replicas are " + replicas);
    }
    return new FileFilter(
        how.equals("prefix") ? text : null,
        how.equals("contains") ? text : null,
        storeState,
        onReplica);
  }

  /** The store states, in the order of a store. */
  public static List<String> storeStates() {
    return Arrays.stream(ReplicaStoreState.values()).map(ReplicaStoreState::name).toList();
  }

  public PagedList<ArchivedFileView> getList() {
    return list;
  }

  /** Per replica, how many copies are in each state (by the state's name, as pages look it up). */
  public List<Map.Entry<String, Map<String, Long>>> getCounts() {
    Map<String, Map<String, Long>> byName = new LinkedHashMap<>();
    counts.forEach(
        (replica, states) -> {
          Map<String, Long> named = new LinkedHashMap<>();
          states.forEach((state, count) -> named.put(state.name(), count));
          byName.put(replica, named);
        });
    return List.copyOf(byName.entrySet());
  }

  public List<String> getReplicas() {
    return replicas;
  }

  public List<String> getStoreStates() {
    return storeStates();
  }

  public List<String> getMatches() {
    return MATCHES;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getMatch() {
    return match;
  }

  public void setMatch(String match) {
    this.match = match;
  }

  public String getState() {
    return state;
  }

  public void setState(String state) {
    this.state = state;
  }

  public String getReplica() {
    return replica;
  }

  public void setReplica(String replica) {
    this.replica = replica;
  }
}
