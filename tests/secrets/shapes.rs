//! Credential shapes, each as a credential of its kind is written (the
//! values are made up): what the tests of every surface put into the
//! input, and what no output may show.

/// Credential shapes (made-up values): the text put into the input, and
/// what must never be printed (the credential itself; of a URL, its
/// password; of a token glued to a word, the token).
pub const SHAPES: &[(&str, &str)] = &[
    ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("ASIAY34FZKBOKMUTVV7A", "ASIAY34FZKBOKMUTVV7A"),
    (
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    (
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    ),
    (
        "github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJ0123456789",
        "github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJ0123456789",
    ),
    ("sk-proj-4fJq9ZsX2bV7nK1mT8wR3yL6", "sk-proj-4fJq9ZsX2bV7nK1mT8wR3yL6"),
    ("xoxb-1234567890-abcdefABCDEF", "xoxb-1234567890-abcdefABCDEF"),
    (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    // A password in a URL, of any scheme.
    (
        "postgres://admin:Hunter2Secret@db.internal:5432/app",
        "Hunter2Secret",
    ),
    ("mongodb+srv://app:Zq7vW2pLx9@cluster0.example.net/db", "Zq7vW2pLx9"),
    // Stripe, Google, GitLab, npm, Hugging Face, PyPI, SendGrid, Anthropic,
    // Slack app tokens.
    ("sk_live_Qdy1W4WiC71xze0JoeskTUh7", "sk_live_Qdy1W4WiC71xze0JoeskTUh7"),
    ("rk_test_eZzjtttNHn21O2msrML38ZER", "rk_test_eZzjtttNHn21O2msrML38ZER"),
    (
        "AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_",
        "AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_",
    ),
    ("glpat-3aMimXCoWVuDPXsNIi7F", "glpat-3aMimXCoWVuDPXsNIi7F"),
    ("gldt-BJXB3upSpHmn5RuvcQPU", "gldt-BJXB3upSpHmn5RuvcQPU"),
    (
        "npm_dh65fa766r736fjr8f7mbuyhygdz1pnb4409",
        "npm_dh65fa766r736fjr8f7mbuyhygdz1pnb4409",
    ),
    (
        "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",
        "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",
    ),
    (
        "pypi-AgEIcHlwaS5vcmcuhsBrz9l1vcRv36JnYVjNZ1ZX63aU1K5FYkSPJzvqpp6lWRlSNHRGaNMfiyX",
        "pypi-AgEIcHlwaS5vcmcuhsBrz9l1vcRv36JnYVjNZ1ZX63aU1K5FYkSPJzvqpp6lWRlSNHRGaNMfiyX",
    ),
    (
        "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",
        "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",
    ),
    (
        "sk-ant-api03-qHRrQawwLJ5DyMAA6jAZ6CIJjK2kYTcxhYoqeNnXFQ0DyqVv64KRyeK7qjvxOS6IWD9xxhGgljIOqgT8GcEYW2k-bYxSOAA",
        "sk-ant-api03-qHRrQawwLJ5DyMAA6jAZ6CIJjK2kYTcxhYoqeNnXFQ0DyqVv64KRyeK7qjvxOS6IWD9xxhGgljIOqgT8GcEYW2k-bYxSOAA",
    ),
    (
        "xapp-1-5FK2Z9RI19R-6563212233079-58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b",
        "xapp-1-5FK2Z9RI19R-6563212233079-58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b",
    ),
    // Distinctive tokens glued to the word before them.
    (
        "xghp_LZaBytem5o7GtdFbHkDRjHH1e2TBHkyglziS",
        "ghp_LZaBytem5o7GtdFbHkDRjHH1e2TBHkyglziS",
    ),
    ("_glpat-3aMimXCoWVuDPXsNIi7F", "glpat-3aMimXCoWVuDPXsNIi7F"),
    (
        "keyAIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_",
        "AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_",
    ),
    ("xAKIAXXOP64QRAXYHIHQY", "AKIAXXOP64QRAXYHIHQY"),
    ("_sk_live_Qdy1W4WiC71xze0JoeskTUh7", "sk_live_Qdy1W4WiC71xze0JoeskTUh7"),
    (
        "xxoxb-82077390455-953029001747-DVbCrcZuQ1lcCCzQdqhDfNuv",
        "xoxb-82077390455-953029001747-DVbCrcZuQ1lcCCzQdqhDfNuv",
    ),
];

/// A private key block on one line, as a value pasted from an environment
/// variable holds it, and its body, which no output may show.
pub const PRIVATE_KEY: &str = "-----BEGIN OPENSSH PRIVATE KEY----- Q7vL2mXk9RtP4wZs8NdY3hJc6FbG1aUe5KoV0iTqWnE -----END OPENSSH PRIVATE KEY-----";
pub const PRIVATE_KEY_BODY: &str = "Q7vL2mXk9RtP4wZs8NdY3hJc6FbG1aUe5KoV0iTqWnE";
