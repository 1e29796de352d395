package org.fairrag.fdo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.out.NodeFmtLib;

/** SHA-256 checksums of files, strings and RDF descriptions, written as {@code sha256:<hex>}. */
public final class Checksums {

    private Checksums() {}

    public static String of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    public static String of(byte[] bytes) {
        return "sha256:" + HexFormat.of().formatHex(PidScheme.sha256(bytes));
    }

    /**
     * The checksum of an RDF description, independent of statement order: the sorted N-Triples lines.
     * Descriptions fairrag writes have no blank nodes, so this is canonical.
     */
    public static String of(Model model) {
        List<String> lines = new ArrayList<>((int) model.size());
        model.getGraph().find().forEachRemaining(t -> lines.add(NodeFmtLib.str(t)));
        lines.sort(null);
        return of(String.join("\n", lines));
    }

    public static String ofFile(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return of(in);
        }
    }

    /** The checksum of the bytes {@code in} gives until its end; the caller closes it. */
    public static String of(InputStream in) throws IOException {
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = in.read(buffer)) > 0) {
            digest.update(buffer, 0, n);
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
