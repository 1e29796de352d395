package org.fairrag.failure;

/**
 * A request that cannot be answered as asked, with the HTTP status and a stable machine-readable code;
 * rendered as {@code {"error": {"code": ..., "message": ...}}}.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final long retryAfterSeconds;

    public ApiException(int status, String code, String message) {
        this(status, code, message, 1);
    }

    /** @param retryAfterSeconds for 429 and 503: when the client may try again ({@code Retry-After}) */
    public ApiException(int status, String code, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, "not_found", message);
    }
}
