package org.fairrag.fdo;

/**
 * The resolver URL of a DOI, {@code https://doi.org/<doi>} with the characters a DOI may hold but an IRI
 * may not (SICI DOIs carry {@code <} and {@code >}: {@code 10.1002/(SICI)1097-0142(19960601)77:11<2200::AID-CNCR3>3.0.CO;2-T})
 * percent-encoded, as doi.org asks: written raw, such an IRI breaks N-Triples dumps and SPARQL updates.
 */
public final class DoiUrls {

    private static final String ENCODED = " \"#%<>?[\\]^`{|}";

    private DoiUrls() {}

    public static String of(String doi) {
        StringBuilder out = new StringBuilder("https://doi.org/".length() + doi.length() + 8).append("https://doi.org/");
        for (int i = 0; i < doi.length(); i++) {
            char c = doi.charAt(i);
            if (c < 0x21 || c == 0x7f || ENCODED.indexOf(c) >= 0) {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4 & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
