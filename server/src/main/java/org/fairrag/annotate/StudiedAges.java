package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ages of the people a text says were studied ("aged 45-70 years", "mean age 62.3 ± 8 years", "children under 5
 * years of age", "3-month-old infants", "65 years and over"), as intervals in years. MEDLINE's indexers choose the age
 * groups from these; the words alone reach the classifiers only as loose numbers. Read in one pass of a few precompiled
 * patterns; a number without an age's wording ("65 patients", "12 months of follow-up") is no age. Immutable.
 *
 * @param ages the stated ages, each from its first year (month, day) to before the next one
 */
public record StudiedAges(List<Interval> ages) {

    /** A text that states no age. */
    public static final StudiedAges NONE = new StudiedAges(List.of());

    /** Ages from {@code from} (inclusive) to {@code to} (exclusive), in years. */
    public record Interval(double from, double to) {
        /** Whether the two share any age. */
        public boolean overlaps(Interval other) {
            return from < other.to && other.from < to;
        }

        /** The share of this interval that {@code other} covers. */
        public double coveredBy(Interval other) {
            double shared = Math.min(to, other.to) - Math.max(from, other.from);
            return shared <= 0 ? 0 : shared / (to - from);
        }
    }

    /** Ages beyond which no one is studied: the end of an open interval ("65 years and over"). */
    static final double OLDEST = 110;

    public StudiedAges {
        ages = List.copyOf(ages);
    }

    private static final String NUMBER = "(\\d{1,3}(?:\\.\\d+)?)";
    private static final String UNIT = "(years?|yrs?|y|months?|mos?|weeks?|wks?|days?)";
    private static final String DASH = "\\s*(?:-|to|and)\\s*";
    private static final String MORE = "(?:≥|>=|=>|>|over|above|older than|at least|more than|greater than)";
    private static final String LESS = "(?:≤|<=|=<|<|under|below|younger than|less than|up to)";
    /** Words after which a bare number is an age when a comparison or a range follows ("aged over 65", "age 18-65"). */
    private static final String AGE_WORD = "(?:aged|ages?|age range|age ranged?|ranging in age)";
    /** Who may be "over 65 years": the number needs its unit then. */
    private static final String PEOPLE = "(?:adults?|patients?|people|persons?|individuals?|subjects?|participants?|women|men"
            + "|children|infants?|adolescents?|residents?|volunteers?|those|elderly|older|survivors?|cases?|controls?)";

    /** "aged 45-70 years", "age range 18 to 65 years", "between the ages of 18 and 65", "ages 2-5". */
    private static final Pattern AGE_RANGE = Pattern.compile("\\b" + AGE_WORD + "\\s*(?::|=|,|of|was|were|from|between|the)?"
            + "\\s*(?:from|between|of|the)?\\s*(?:ages of\\s*)?" + NUMBER + "\\s*(?:" + UNIT + ")?" + DASH + NUMBER
            + "(?!\\s*%)\\s*" + UNIT + "?");
    /** "45-70 years old", "6 to 12-year-old children", "18-65 years of age", "3-month-old infants", "a 45-year-old man". */
    private static final Pattern OLD = Pattern.compile("\\b(?:" + NUMBER + DASH + ")?" + NUMBER + "\\s*[- ]?\\s*" + UNIT
            + "\\s*[- ]?\\s*(?:old\\b|of age\\b)");
    /** "mean age 62.3 ± 8.1 years", "median age of 54 years (range ...)", "mean (SD) age was 45.2 (10.1) years". */
    private static final Pattern MEAN = Pattern.compile("\\b(?:mean|median|average)\\s*(?:\\(\\s*(?:sd|iqr|range)\\s*\\)\\s*)?"
            + "age\\s*(?:\\(\\s*(?:sd|iqr|range)\\s*\\)\\s*)?(?:at [a-z]+\\s*)?(?:of|was|were|is|=|:|,)?\\s*(?:the [a-z]+\\s*)?(?:was\\s*)?"
            + NUMBER + "\\s*(?:" + UNIT + ")?\\s*(?:(?:±|\\+/-|\\+-|\\(|,\\s*sd)\\s*(?:sd\\s*)?" + NUMBER + ")?\\s*\\)?\\s*" + UNIT + "?");
    /** "aged over 65", "patients older than 65 years", "adults ≥ 65 years", "age < 18 years". */
    private static final Pattern ABOVE = Pattern.compile("\\b(" + AGE_WORD + "|" + PEOPLE + ")\\s*(?:were\\s*|was\\s*|of\\s*)?"
            + "(?:aged\\s*)?(" + MORE + "|" + LESS + ")\\s*(?:the age of\\s*)?" + NUMBER + "(?!\\s*%|\\.\\d)\\s*" + UNIT + "?");
    /** "65 years and over", "aged 18 years or older", "70 years of age and older", "aged 65 and over". */
    private static final Pattern AND_OVER = Pattern.compile("\\b(aged\\s*)?" + NUMBER + "\\s*" + UNIT + "?\\s*(?:of age\\s*|old\\s*)?"
            + "(?:and|or)\\s*(?:over|older|above|more)\\b");
    /** "range 21-83 years" (after a mean or median age): a range needs its unit here. */
    private static final Pattern RANGE = Pattern.compile("\\brange\\s*(?::|,|=|of)?\\s*(?:from\\s*)?" + NUMBER + DASH + NUMBER
            + "\\s*(years?|yrs?|months?)\\b");
    /** A comparison just before a number: "over 65 years of age" is no single age. */
    private static final Pattern COMPARED = Pattern.compile("(?:" + MORE + "|" + LESS + ")\\s*(?:the age of\\s*)?\\z");
    /** "aged 54 years", "aged 3 months". */
    private static final Pattern AGED = Pattern.compile("\\baged\\s*" + NUMBER + "\\s*" + UNIT + "\\b");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** Weeks of gestation are no age after birth. */
    private static final Pattern GESTATION = Pattern.compile("\\A[’']?\\s*(?:s\\s*)?(?:of\\s*)?(?:gestation|gestational|pregnancy)");

    /** The ages the title and abstract state; either may be null. */
    public static StudiedAges of(String title, String abstractText) {
        String text = ((title == null ? "" : title) + " \n " + (abstractText == null ? "" : abstractText))
                .toLowerCase(Locale.ROOT).replace('–', '-').replace('—', '-').replace('−', '-').replace("\u00a0", " ");
        // One space for every run: the patterns' optional spaces then have one way each to match, not one per split of a
        // long run, which made a text of "aged" and a few thousand spaces take minutes.
        text = WHITESPACE.matcher(text).replaceAll(" ");
        List<Interval> ages = new ArrayList<>();
        ranges(AGE_RANGE.matcher(text), ages, text);
        Matcher old = OLD.matcher(text);
        while (old.find()) {
            if (!COMPARED.matcher(text.substring(Math.max(0, old.start() - 20), old.start())).find()) {
                add(ages, old.group(1), null, old.group(2), old.group(3));
            }
        }
        Matcher range = RANGE.matcher(text);
        while (range.find()) {
            add(ages, range.group(1), null, range.group(2), range.group(3));
        }
        Matcher mean = MEAN.matcher(text);
        while (mean.find()) {
            if (gestation(text, mean.end())) {
                continue;
            }
            String unit = mean.group(2) != null ? mean.group(2) : mean.group(4);
            double m = Double.parseDouble(mean.group(1));
            double scale = years(unit);
            if (mean.group(3) != null) {
                double sd = Double.parseDouble(mean.group(3));
                // Two standard deviations either side hold most of the people studied.
                ages.add(new Interval(Math.max(0, (m - 2 * sd) * scale), Math.min(OLDEST, (m + 2 * sd) * scale) + step(unit)));
            } else {
                ages.add(new Interval(m * scale, m * scale + step(unit)));
            }
        }
        Matcher above = ABOVE.matcher(text);
        while (above.find()) {
            boolean ageWord = above.group(1).startsWith("age");
            if (above.group(4) == null && !ageWord || otherAge(text, above.start()) || followUp(text, above.end())) {
                continue;
            }
            double v = Double.parseDouble(above.group(3)) * years(above.group(4));
            boolean more = above.group(2).matches(MORE);
            ages.add(more ? new Interval(v, OLDEST) : new Interval(0, Math.max(v, step(above.group(4)))));
        }
        Matcher over = AND_OVER.matcher(text);
        while (over.find()) {
            // Days or months "or more" are mostly durations; years of people are ages.
            if (over.group(1) != null || over.group(3) != null && over.group(3).startsWith("y")) {
                ages.add(new Interval(Double.parseDouble(over.group(2)) * years(over.group(3)), OLDEST));
            }
        }
        Matcher aged = AGED.matcher(text);
        while (aged.find()) {
            if (!gestation(text, aged.end())) {
                add(ages, null, null, aged.group(1), aged.group(2));
            }
        }
        return new StudiedAges(ages);
    }

    private static void ranges(Matcher m, List<Interval> ages, String text) {
        while (m.find()) {
            String unit = m.group(4) != null ? m.group(4) : m.group(2);
            if (!gestation(text, m.end()) && !otherAge(text, m.start())) {
                add(ages, m.group(1), m.group(2), m.group(3), unit);
            }
        }
    }

    /** Ages that are not the people's: gestational, postmenstrual, bone age. */
    private static final Pattern OTHER_AGE = Pattern.compile("(?:gestational|postmenstrual|menstrual|conceptional|corrected|bone"
            + "|skeletal|dental|reading|mental)\\s*\\z");
    private static final Pattern FOLLOW_UP = Pattern.compile("\\A\\s*(?:of\\s*)?(?:follow|treatment|therapy|observation)");

    private static boolean otherAge(String text, int start) {
        return OTHER_AGE.matcher(text.substring(Math.max(0, start - 16), start)).find();
    }

    private static boolean followUp(String text, int end) {
        return FOLLOW_UP.matcher(text.substring(end, Math.min(text.length(), end + 20))).find();
    }

    private static boolean gestation(String text, int end) {
        return GESTATION.matcher(text.substring(end, Math.min(text.length(), end + 20))).find();
    }

    /** Adds the ages from {@code from} (if any) to {@code to}, in {@code unit} ({@code fromUnit} for the first if given). */
    private static void add(List<Interval> ages, String from, String fromUnit, String to, String unit) {
        double b = Double.parseDouble(to) * years(unit);
        double a = from == null ? b : Double.parseDouble(from) * years(fromUnit != null ? fromUnit : unit);
        if (a > b || b > OLDEST) {
            return;
        }
        ages.add(new Interval(a, b + step(unit)));
    }

    /** A unit's length in years; none is years. */
    static double years(String unit) {
        if (unit == null || unit.startsWith("y")) {
            return 1;
        }
        if (unit.startsWith("mo")) {
            return 1 / 12.0;
        }
        if (unit.startsWith("w")) {
            return 7 / 365.25;
        }
        return 1 / 365.25;
    }

    /** How long an age stated in whole units lasts: "12 years" is from the 12th birthday to the 13th. */
    private static double step(String unit) {
        return years(unit);
    }

    /** Whether the text states any age. */
    public boolean agesStated() {
        return !ages.isEmpty();
    }

    /** Whether a stated age falls in {@code group}. */
    public boolean overlaps(Interval group) {
        return ages.stream().anyMatch(a -> a.overlaps(group));
    }

    /** The largest share of a stated age interval that {@code group} covers. */
    public double cover(Interval group) {
        return ages.stream().mapToDouble(a -> a.coveredBy(group)).max().orElse(0);
    }
}
