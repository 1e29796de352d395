package org.fairrag.embed;

/**
 * Smaller forms of unit vectors for shipping: 8-bit integers with a scale per vector (the largest
 * component maps to 127), and IEEE half precision, measured against each other by the generator of the
 * shipped vectors.
 */
public final class Quantization {

    private Quantization() {}

    /** Writes {@code v} as bytes into {@code out} and returns the scale that multiplies them back. */
    public static float int8(float[] v, byte[] out) {
        float max = 0;
        for (float x : v) {
            max = Math.max(max, Math.abs(x));
        }
        float scale = max == 0 ? 1 : max / 127f;
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) Math.round(v[i] / scale);
        }
        return scale;
    }

    /** The unit vector that {@link #int8} bytes and scale stand for. */
    public static float[] fromInt8(byte[] values, float scale) {
        float[] v = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            v[i] = values[i] * scale;
        }
        return Vectors.normalized(v);
    }

    /** {@code v} stored as {@link #int8} and read back. */
    public static float[] viaInt8(float[] v) {
        byte[] bytes = new byte[v.length];
        float scale = int8(v, bytes);
        return fromInt8(bytes, scale);
    }

    /** {@code v} rounded to half precision and back, as unit vector. */
    public static float[] viaFloat16(float[] v) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = halfToFloat(floatToHalf(v[i]));
        }
        return Vectors.normalized(out);
    }

    /** IEEE 754 binary16 bits of {@code f}, rounded to nearest (values here are far from the subnormal range). */
    static short floatToHalf(float f) {
        int bits = Float.floatToIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = ((bits >>> 23) & 0xff) - 127 + 15;
        int mantissa = bits & 0x7fffff;
        if (exponent <= 0) {
            return (short) sign; // below half precision's normal range: zero
        }
        if (exponent >= 31) {
            return (short) (sign | 0x7c00);
        }
        int half = sign | (exponent << 10) | (mantissa >>> 13);
        // Round to nearest: a carry into the exponent is the right result too.
        if ((mantissa & 0x1000) != 0) {
            half++;
        }
        return (short) half;
    }

    static float halfToFloat(short h) {
        int sign = (h & 0x8000) << 16;
        int exponent = (h >>> 10) & 0x1f;
        int mantissa = h & 0x3ff;
        if (exponent == 0) {
            return Float.intBitsToFloat(sign);
        }
        return Float.intBitsToFloat(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
    }
}
