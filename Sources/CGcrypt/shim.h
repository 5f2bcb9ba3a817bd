#ifndef HYBRID_CGCRYPT_SHIM_H
#define HYBRID_CGCRYPT_SHIM_H

// libgcrypt (Debian's libgcrypt20, which JavaScriptCore already links) behind the web view's `crypto` and
// `crypto.subtle` (Sources/WebView/Platform/CryptoNatives.swift): random bytes, SHA digests, HMAC, AES-GCM, AES-CBC, AES-CTR
// and PBKDF2. These helpers only sequence libgcrypt's calls (and wrap its variadic gcry_control, which Swift cannot call);
// every primitive is libgcrypt's. Used by WebView only, never in public API.
#include <gcrypt.h>
#include <stdint.h>

/// Initialises libgcrypt once per process unless someone (JavaScriptCore, the app) already did; true when usable.
/// Secure memory is disabled, as WebKit does: keys live in the JavaScript heap anyway.
static inline int hybrid_gcrypt_ready(void) {
    if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
        if (!gcry_check_version(NULL)) return 0;
        gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
        gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    }
    return 1;
}

/// libgcrypt's AES cipher for a key of `length` bytes (16, 24 or 32); 0 for other lengths.
static inline int hybrid_aes_algorithm(size_t length) {
    return length == 16 ? GCRY_CIPHER_AES128 : length == 24 ? GCRY_CIPHER_AES192 : length == 32 ? GCRY_CIPHER_AES256 : 0;
}

/// AES-GCM over `input` (`count` bytes) into `output` (as long), with the additional data `aad`. Encrypting writes
/// the `tagLength`-byte tag into `tag`; decrypting checks it. 0 on success; nonzero for a bad key, IV or tag length,
/// and for a tag that does not match (then `output` must be discarded).
static inline int hybrid_aes_gcm(int encrypt, const uint8_t *key, size_t keyLength, const uint8_t *iv, size_t ivLength,
                                 const uint8_t *aad, size_t aadLength, const uint8_t *input, size_t count,
                                 uint8_t *output, uint8_t *tag, size_t tagLength) {
    int algorithm = hybrid_aes_algorithm(keyLength);
    gcry_cipher_hd_t handle;
    if (!algorithm || ivLength == 0 || gcry_cipher_open(&handle, algorithm, GCRY_CIPHER_MODE_GCM, 0)) return 1;
    gcry_error_t error = gcry_cipher_setkey(handle, key, keyLength);
    if (!error) error = gcry_cipher_setiv(handle, iv, ivLength);
    if (!error && aadLength > 0) error = gcry_cipher_authenticate(handle, aad, aadLength);
    if (!error && count > 0) {
        error = encrypt ? gcry_cipher_encrypt(handle, output, count, input, count)
                        : gcry_cipher_decrypt(handle, output, count, input, count);
    }
    if (!error) error = encrypt ? gcry_cipher_gettag(handle, tag, tagLength) : gcry_cipher_checktag(handle, tag, tagLength);
    gcry_cipher_close(handle);
    return error ? 1 : 0;
}

/// AES-CBC over `count` bytes (a multiple of 16, padding is the caller's) from `input` into `output`, with a 16-byte
/// `iv`. 0 on success.
static inline int hybrid_aes_cbc(int encrypt, const uint8_t *key, size_t keyLength, const uint8_t *iv,
                                 const uint8_t *input, size_t count, uint8_t *output) {
    int algorithm = hybrid_aes_algorithm(keyLength);
    gcry_cipher_hd_t handle;
    if (!algorithm || count % 16 || gcry_cipher_open(&handle, algorithm, GCRY_CIPHER_MODE_CBC, 0)) return 1;
    gcry_error_t error = gcry_cipher_setkey(handle, key, keyLength);
    if (!error) error = gcry_cipher_setiv(handle, iv, 16);
    if (!error && count > 0) {
        error = encrypt ? gcry_cipher_encrypt(handle, output, count, input, count)
                        : gcry_cipher_decrypt(handle, output, count, input, count);
    }
    gcry_cipher_close(handle);
    return error ? 1 : 0;
}

/// AES-CTR over `count` bytes from `input` into `output`, starting at the 16-byte counter block `counter`, which
/// libgcrypt increments as one 128-bit big-endian number per block (the caller splits the data where WebCrypto's
/// shorter counter would wrap). 0 on success.
static inline int hybrid_aes_ctr(const uint8_t *key, size_t keyLength, const uint8_t *counter,
                                 const uint8_t *input, size_t count, uint8_t *output) {
    int algorithm = hybrid_aes_algorithm(keyLength);
    gcry_cipher_hd_t handle;
    if (!algorithm || gcry_cipher_open(&handle, algorithm, GCRY_CIPHER_MODE_CTR, 0)) return 1;
    gcry_error_t error = gcry_cipher_setkey(handle, key, keyLength);
    if (!error) error = gcry_cipher_setctr(handle, counter, 16);
    if (!error && count > 0) error = gcry_cipher_encrypt(handle, output, count, input, count);
    gcry_cipher_close(handle);
    return error ? 1 : 0;
}

/// HMAC with libgcrypt's MAC algorithm `algorithm` (GCRY_MAC_HMAC_*) over `data`, into `output` (`outputLength`, the
/// hash's size). With `verify` set, compares `output` (the expected signature, `outputLength` bytes) in constant time
/// instead. 0 on success (a match when verifying).
static inline int hybrid_hmac(int algorithm, int verify, const uint8_t *key, size_t keyLength,
                              const uint8_t *data, size_t count, uint8_t *output, size_t outputLength) {
    gcry_mac_hd_t handle;
    if (gcry_mac_open(&handle, algorithm, 0, NULL)) return 1;
    gcry_error_t error = gcry_mac_setkey(handle, key, keyLength);
    if (!error && count > 0) error = gcry_mac_write(handle, data, count);
    if (!error) {
        size_t length = outputLength;
        error = verify ? gcry_mac_verify(handle, output, outputLength) : gcry_mac_read(handle, output, &length);
    }
    gcry_mac_close(handle);
    return error ? 1 : 0;
}

#endif
