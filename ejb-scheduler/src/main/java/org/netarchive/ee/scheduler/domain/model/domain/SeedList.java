package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/** A named list of seeds of one domain. */
@Entity
@Table(name = "seed_list")
public class SeedList extends DomainPart {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "seed_list_seq")
  @SequenceGenerator(name = "seed_list_seq", sequenceName = "seed_list_seq", allocationSize = 50)
  private Long id;

  /** Most characters a seed list holds, its seeds and line breaks together (the column's size). */
  public static final int MAX_TEXT_LENGTH = 1_000_000;

  @Column(name = "seeds", nullable = false, length = MAX_TEXT_LENGTH)
  private String seeds;

  protected SeedList() {}

  SeedList(Domain domain, String name, List<String> seeds, String comments) {
    super(domain, Text.of("noun.seedList"), name);
    changeComments(comments);
    changeSeeds(seeds);
  }

  /** Replaces the seeds; they are validated first. */
  public void changeSeeds(List<String> newSeeds) {
    List<String> valid = Seeds.validate(describe(), newSeeds);
    if (valid.isEmpty()) {
      throw new RuleViolation("seeds", Text.of("seedList.empty", describe()));
    }
    this.seeds = text(describe(), valid);
  }

  /**
   * The stored text of checked seeds: one per line.
   *
   * @param owner the seed list, as refusals name it
   * @throws RuleViolation if they are more than a seed list holds ({@link #MAX_TEXT_LENGTH})
   */
  public static String text(Text owner, List<String> checkedSeeds) {
    String text = String.join("\n", checkedSeeds);
    if (text.length() > MAX_TEXT_LENGTH) {
      throw new RuleViolation(
          "seeds",
          Text.of("seedList.tooLong", owner, checkedSeeds.size(), text.length(), MAX_TEXT_LENGTH));
    }
    return text;
  }

  /** How a refusal names the seed list {@code name} of {@code domain}. */
  public static Text describe(String name, String domain) {
    return Text.of("owner.seedList", name, domain);
  }

  @Override
  Text describe() {
    return describe(name(), domain().name());
  }

  public Long id() {
    return id;
  }

  public List<String> seeds() {
    return seeds.lines().toList();
  }
}
