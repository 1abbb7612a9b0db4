import JSON
import HTTPTypes
import CCurl

/// The C callbacks libcurl calls during a transfer. Each receives the `ResponseAccumulator` of the
/// transfer as an unretained opaque pointer; the transport keeps it alive until the transfer ends, so a
/// callback borrows it (`_withUnsafeGuaranteedRef`) without retaining and releasing it at every call
/// (a dozen calls a response).
enum CurlCallbacks {
    /// Body bytes. Returning fewer bytes than offered makes libcurl stop with CURLE_WRITE_ERROR,
    /// which is how the body cap aborts a transfer.
    static let write: curl_write_callback = { buffer, size, count, context in
        let length = size * count
        guard let context, let buffer else { return 0 }
        return Unmanaged<ResponseAccumulator>.fromOpaque(context)._withUnsafeGuaranteedRef {
            $0.appendBody(UnsafeRawBufferPointer(start: buffer, count: length))
        } ? length : 0
    }

    /// One complete header line per call, including its CRLF. Returning 0 stops the transfer with
    /// CURLE_WRITE_ERROR, which is how an unsolicited 101 ends it.
    static let header: curl_write_callback = { buffer, size, count, context in
        let length = size * count
        guard let context, let buffer else { return 0 }
        return Unmanaged<ResponseAccumulator>.fromOpaque(context)._withUnsafeGuaranteedRef {
            $0.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: length))
        } ? length : 0
    }

    /// libcurl's trace (only with `HTTPRequest.recordsSentHeaders`): keeps the request head as sent.
    static let debug: curl_debug_callback = { _, type, data, size, context in
        guard let context, let data, type == CURLINFO_HEADER_OUT else { return 0 }
        let recorder = Unmanaged<SentHeadRecorder>.fromOpaque(context).takeUnretainedValue()
        recorder.append(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

    /// Called often while data flows; a non-zero return aborts with CURLE_ABORTED_BY_CALLBACK.
    /// The transfer loop also checks the token between polls, which covers silent waits.
    static let progress: curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 0 }
        return Unmanaged<ResponseAccumulator>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.isCancelled } ? 1 : 0
    }
}
