package org.fairrag.fdo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The opaque identifiers behind every PID: {@value #BODY_LENGTH} characters of the betanumeric
 * alphabet ({@code 0-9} and consonants except {@code l}, as ARK/NOID uses so ids never spell words and
 * never confuse {@code l} with {@code 1}) followed by one NOID check character.
 *
 * <p>The check character is the position-weighted sum of character values modulo 29 (a prime, the
 * alphabet size), which detects every single-character substitution and every transposition of two
 * adjacent characters. Ids of ingested objects are derived from a stable key (for example
 * {@code pubmed:31594900}), so re-ingesting the same record yields the same id.
 */
public final class PidScheme {

    static final String ALPHABET = "0123456789bcdfghjkmnpqrstvwxz";
    static final int BODY_LENGTH = 12;
    public static final int ID_LENGTH = BODY_LENGTH + 1;

    private PidScheme() {}

    /** The deterministic id for a source key such as {@code pubmed:31594900} or {@code mesh:D009062}. */
    public static String idFor(String sourceKey) {
        return withCheck(body(sha256(sourceKey.getBytes(StandardCharsets.UTF_8))));
    }

    /** A fresh random id, for objects that have no natural key (summaries). */
    public static String randomId() {
        UUID uuid = UUID.randomUUID();
        return idFor("random:" + uuid);
    }

    /** Whether {@code id} has the right length, alphabet and check character. */
    public static boolean isValid(String id) {
        if (id == null || id.length() != ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < ID_LENGTH; i++) {
            if (ALPHABET.indexOf(id.charAt(i)) < 0) {
                return false;
            }
        }
        return checkChar(id.substring(0, BODY_LENGTH)) == id.charAt(BODY_LENGTH);
    }

    /** Whether {@code id} is well formed except for its check character (a likely typo). */
    public static boolean hasWellFormedShape(String id) {
        return id != null && id.length() == ID_LENGTH && id.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0);
    }

    /**
     * The valid ids that differ from {@code id} in exactly one character: the candidates a person who
     * mistyped one character probably meant. Empty when {@code id} does not have the shape of an id.
     */
    public static List<String> singleCharacterCorrections(String id) {
        if (!hasWellFormedShape(id)) {
            return List.of();
        }
        List<String> candidates = new ArrayList<>();
        char[] chars = id.toCharArray();
        for (int pos = 0; pos < ID_LENGTH; pos++) {
            char original = chars[pos];
            for (int a = 0; a < ALPHABET.length(); a++) {
                char c = ALPHABET.charAt(a);
                if (c == original) {
                    continue;
                }
                chars[pos] = c;
                String candidate = new String(chars);
                if (isValid(candidate)) {
                    candidates.add(candidate);
                }
            }
            chars[pos] = original;
        }
        return candidates;
    }

    /** Parses the id out of a PID URL or a bare id; empty when it is neither. */
    public static Optional<String> idOf(String pidOrId, String baseUrl) {
        String prefix = baseUrl + "/pid/";
        String id = pidOrId.startsWith(prefix) ? pidOrId.substring(prefix.length()) : pidOrId;
        return isValid(id) ? Optional.of(id) : Optional.empty();
    }

    static char checkChar(String body) {
        int sum = 0;
        for (int i = 0; i < body.length(); i++) {
            sum += (i + 1) * ALPHABET.indexOf(body.charAt(i));
        }
        return ALPHABET.charAt(sum % ALPHABET.length());
    }

    private static String withCheck(String body) {
        return body + checkChar(body);
    }

    private static String body(byte[] digest) {
        // 12 characters of a 29-symbol alphabet carry 58 bits; take them from the first 8 digest bytes.
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (digest[i] & 0xff);
        }
        value &= Long.MAX_VALUE;
        StringBuilder sb = new StringBuilder(BODY_LENGTH);
        for (int i = 0; i < BODY_LENGTH; i++) {
            sb.append(ALPHABET.charAt((int) (value % ALPHABET.length())));
            value /= ALPHABET.length();
        }
        return sb.toString();
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
