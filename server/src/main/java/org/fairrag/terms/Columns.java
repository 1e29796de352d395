package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the arrays and maps a snapshot is made of, each prefixed by its length. */
final class Columns {

    private Columns() {}

    static void writeStrings(DataOutputStream out, String[] values) throws IOException {
        out.writeInt(values.length);
        for (String v : values) {
            writeString(out, v);
        }
    }

    static String[] readStrings(DataInputStream in) throws IOException {
        String[] values = new String[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = readString(in);
        }
        return values;
    }

    static void writeStringList(DataOutputStream out, List<String> values) throws IOException {
        writeStrings(out, values.toArray(String[]::new));
    }

    static List<String> readStringList(DataInputStream in) throws IOException {
        return List.of(readStrings(in));
    }

    /** A string of any length that may be null, as UTF-8 bytes after their count (-1 for null). */
    static void writeString(DataOutputStream out, String value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static void writeInts(DataOutputStream out, int[] values) throws IOException {
        out.writeInt(values.length);
        for (int v : values) {
            out.writeInt(v);
        }
    }

    static int[] readInts(DataInputStream in) throws IOException {
        int[] values = new int[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readInt();
        }
        return values;
    }

    static void writeLongs(DataOutputStream out, long[] values) throws IOException {
        out.writeInt(values.length);
        for (long v : values) {
            out.writeLong(v);
        }
    }

    static long[] readLongs(DataInputStream in) throws IOException {
        long[] values = new long[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readLong();
        }
        return values;
    }

    static void writeFloats(DataOutputStream out, float[] values) throws IOException {
        out.writeInt(values.length);
        for (float v : values) {
            out.writeFloat(v);
        }
    }

    static float[] readFloats(DataInputStream in) throws IOException {
        float[] values = new float[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readFloat();
        }
        return values;
    }

    static void writeBooleans(DataOutputStream out, boolean[] values) throws IOException {
        out.writeInt(values.length);
        for (boolean v : values) {
            out.writeBoolean(v);
        }
    }

    static boolean[] readBooleans(DataInputStream in) throws IOException {
        boolean[] values = new boolean[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readBoolean();
        }
        return values;
    }

    static void writeIntRows(DataOutputStream out, int[][] rows) throws IOException {
        out.writeInt(rows.length);
        for (int[] row : rows) {
            writeInts(out, row);
        }
    }

    static int[][] readIntRows(DataInputStream in) throws IOException {
        int[][] rows = new int[in.readInt()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = readInts(in);
        }
        return rows;
    }

    static void writeLongRows(DataOutputStream out, long[][] rows) throws IOException {
        out.writeInt(rows.length);
        for (long[] row : rows) {
            writeLongs(out, row);
        }
    }

    static long[][] readLongRows(DataInputStream in) throws IOException {
        long[][] rows = new long[in.readInt()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = readLongs(in);
        }
        return rows;
    }

    static void writeIntsByString(DataOutputStream out, Map<String, int[]> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, int[]> e : map.entrySet()) {
            writeString(out, e.getKey());
            writeInts(out, e.getValue());
        }
    }

    static Map<String, int[]> readIntsByString(DataInputStream in) throws IOException {
        int n = in.readInt();
        Map<String, int[]> map = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            map.put(readString(in), readInts(in));
        }
        return map;
    }

    static void writeLongsByString(DataOutputStream out, Map<String, long[]> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, long[]> e : map.entrySet()) {
            writeString(out, e.getKey());
            writeLongs(out, e.getValue());
        }
    }

    static Map<String, long[]> readLongsByString(DataInputStream in) throws IOException {
        int n = in.readInt();
        Map<String, long[]> map = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            map.put(readString(in), readLongs(in));
        }
        return map;
    }
}
