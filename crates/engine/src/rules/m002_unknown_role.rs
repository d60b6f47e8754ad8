use crate::roles::BROADCAST_TARGET;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a role token in a marker that is not one of the valid roles
    /// (`ceo cfo cro cmo cpo cto chro coo ciso gc cdo caio cco vpe`, plus any
    /// configured in `roles`). Tokens match in any case. `all` is valid only
    /// as a BROADCAST target.
    ///
    /// An invocation of an unknown role takes no part in chains or answers.
    ///
    /// The message names the nearest valid role: the role whose domain the
    /// token names, in English or Portuguese (`legal` and `jurídico` are
    /// `gc`, `finance` and `financeiro` are `cfo`: the protocol's table of
    /// role tokens and its peer-verification table tie each domain to a
    /// role), else a role a letter or two from the token (`cfoo` is `cfo`).
    /// Role tokens may hold accented letters (`[INVOKE:jurídico|…]`).
    ///
    /// ## Why is this bad?
    /// An invocation of a role that does not exist is never answered, and a
    /// chain naming one cannot be checked.
    ///
    /// ## Example
    /// ```transcript
    /// [INVOKE:board|Should we raise a bridge round?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [INVOKE:ceo|Should we raise a bridge round?]
    /// ```
    pub struct UnknownRole {
        code: "M002",
        name: "unknown-role",
        family: Marker,
        severity: Error,
        added: "0.1.0",
        summary: "A marker names a role outside the valid set",
    }
}

impl Rule for UnknownRole {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let valid: Vec<&str> = t.roles().names().collect();
        for u in &t.unknown_roles {
            let (message, help) = if u.token.eq_ignore_ascii_case(BROADCAST_TARGET) {
                (
                    format!(
                        "`{}` is only valid as a BROADCAST target, not in {}",
                        u.token, u.marker
                    ),
                    "to ask every role at once, the CEO writes `[BROADCAST:all|question]`"
                        .to_string(),
                )
            } else {
                let nearest = nearest_role(t.roles(), &u.token);
                let hint = nearest
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                let guess = nearest
                    .map(|s| format!(": did you mean `{s}`?"))
                    .unwrap_or_default();
                (
                    format!("`{}` is not a valid role{guess}", u.token),
                    format!(
                        "{hint}valid roles are {}; add others with the `roles` setting",
                        valid.join(", ")
                    ),
                )
            };
            out.push(
                self.meta()
                    .diagnostic(u.span.clone(), message)
                    .with_label("unknown role")
                    .with_help(help),
            );
        }
    }
}

/// The domain each role answers for, as words a writer may put in a
/// marker instead of the role token, in English and Portuguese, lower case
/// and without accents (`jurídico` is matched as `juridico`). From the
/// protocol's role-token table (`gc`: legal, contracts; `cdo`: data;
/// `caio`: AI; `cco`: customer success; `vpe`: engineering) and its
/// peer-verification table (financial numbers: CFO; revenue: CRO;
/// headcount: CHRO; technical feasibility: CTO; operations: COO;
/// security: CISO; market: CMO).
const DOMAINS: &[(&str, &[&str])] = &[
    ("ceo", &["presidente", "president", "executivo", "executive"]),
    ("cfo", &["financeiro", "financeira", "financas", "finance", "financial"]),
    ("cro", &["receita", "revenue", "vendas", "sales", "comercial"]),
    ("cmo", &["marketing", "mercado", "market"]),
    ("cpo", &["produto", "product"]),
    ("cto", &["tecnologia", "technology", "tecnico", "tech"]),
    ("chro", &["rh", "hr", "pessoas", "people", "talento", "talent"]),
    ("coo", &["operacoes", "operacao", "operations", "ops"]),
    ("ciso", &["seguranca", "security", "infosec"]),
    ("gc", &["juridico", "juridica", "legal", "counsel", "advogado", "contratos", "contracts"]),
    ("cdo", &["dados", "data"]),
    ("caio", &["ia", "ai"]),
    ("cco", &["cliente", "clientes", "customer", "customers", "sucesso"]),
    ("vpe", &["engenharia", "engineering"]),
];

/// The valid role nearest to an unknown token: the role whose domain it
/// names, else one a letter or two from it.
fn nearest_role<'r>(roles: &'r crate::roles::RoleSet, token: &str) -> Option<&'r str> {
    let folded = fold(token);
    let domain = |word: &str| {
        DOMAINS
            .iter()
            .find(|(_, words)| words.contains(&word))
            .and_then(|(role, _)| roles.lookup(role))
    };
    // An agent's name made of parts (`cs-cro-advisor`, `cfo_bot`): the
    // role or the domain one of its parts names.
    let part = || {
        folded
            .split(['-', '_'])
            .filter(|p| !p.is_empty())
            .find_map(|p| roles.lookup(p).or_else(|| domain(p)))
    };
    domain(&folded)
        .or_else(|| folded.contains(['-', '_']).then(part).flatten())
        .map(|r| roles.name(r))
        .or_else(|| roles.suggest(&folded))
}

/// Lower case, without accents: `JURÍDICO` and `juri\u{301}dico` (with a
/// combining accent) are `juridico`.
fn fold(token: &str) -> String {
    token
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::RoleSet;

    #[test]
    fn names_the_role_a_domain_word_stands_for() {
        let roles = RoleSet::default();
        for (token, role) in [
            ("jurídico", "gc"),
            ("JURÍDICO", "gc"),
            ("juri\u{301}dico", "gc"),
            ("legal", "gc"),
            ("financeiro", "cfo"),
            ("Finanças", "cfo"),
            ("segurança", "ciso"),
            ("operações", "coo"),
            ("engenharia", "vpe"),
            ("marketing", "cmo"),
            // No domain word: a role a letter or two away, or none.
            ("cfoo", "cfo"),
            ("cfó", "cfo"),
            // An agent's name: the role or domain one of its parts names.
            ("cs-cro-advisor", "cro"),
            ("CFO_bot", "cfo"),
            ("legal-review", "gc"),
            ("c-fo", "cfo"),
        ] {
            assert_eq!(nearest_role(&roles, token), Some(role), "{token}");
        }
        assert_eq!(nearest_role(&roles, "conselho"), None);
        assert_eq!(nearest_role(&roles, "board"), None);
    }
}
