/// The keysym names of characters, for an error message: `key €` is `EuroSign`, `key ф`
/// `Cyrillic_ef`. X names a keysym from its own tables (Latin-1, Latin-2 to 4, Cyrillic,
/// Greek, technical and more), whose values are not the characters' code points, and a
/// keymap carries those: the Russian layout has Cyrillic_ef, not U0444, which is another
/// keysym. A character with none here is its `U` form.
///
/// Made from /usr/include/X11/keysymdef.h (xorgproto 2022.1): each keysym below 0x1000000
/// with an exact `U+` comment, none marked deprecated, the first for each character, as
/// code point (hex) and name, pairs separated by blanks.
enum CharacterKeysyms {
    /// The name of the keysym X gives `character`, or nil.
    static func name(of character: Unicode.Scalar) -> String? {
        table[character.value]
    }

    /// The character the keysym `name` stands for in the same table (`T`: U+0054,
    /// `Cyrillic_EF`: U+0424), nil for a name not in it.
    static func character(named name: String) -> Unicode.Scalar? {
        codes[name].flatMap(Unicode.Scalar.init)
    }

    private static let codes: [String: UInt32] = Dictionary(table.map { ($0.value, $0.key) }) { first, _ in first }

    private static let table: [UInt32: String] = {
        let words = pairs.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var table: [UInt32: String] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) {
            if let code = UInt32(words[i], radix: 16) { table[code] = String(words[i + 1]) }
        }
        return table
    }()

    private static let pairs = """
        20 space 21 exclam 22 quotedbl 23 numbersign 24 dollar 25 percent 26 ampersand 27 apostrophe
        28 parenleft 29 parenright 2A asterisk 2B plus 2C comma 2D minus 2E period 2F slash 30 0 31 1 32 2 33 3
        34 4 35 5 36 6 37 7 38 8 39 9 3A colon 3B semicolon 3C less 3D equal 3E greater 3F question 40 at 41 A
        42 B 43 C 44 D 45 E 46 F 47 G 48 H 49 I 4A J 4B K 4C L 4D M 4E N 4F O 50 P 51 Q 52 R 53 S 54 T 55 U 56 V
        57 W 58 X 59 Y 5A Z 5B bracketleft 5C backslash 5D bracketright 5E asciicircum 5F underscore 60 grave
        61 a 62 b 63 c 64 d 65 e 66 f 67 g 68 h 69 i 6A j 6B k 6C l 6D m 6E n 6F o 70 p 71 q 72 r 73 s 74 t 75 u
        76 v 77 w 78 x 79 y 7A z 7B braceleft 7C bar 7D braceright 7E asciitilde A0 nobreakspace A1 exclamdown
        A2 cent A3 sterling A4 currency A5 yen A6 brokenbar A7 section A8 diaeresis A9 copyright AA ordfeminine
        AB guillemotleft AC notsign AD hyphen AE registered AF macron B0 degree B1 plusminus B2 twosuperior
        B3 threesuperior B4 acute B5 mu B6 paragraph B7 periodcentered B8 cedilla B9 onesuperior BA masculine
        BB guillemotright BC onequarter BD onehalf BE threequarters BF questiondown C0 Agrave C1 Aacute
        C2 Acircumflex C3 Atilde C4 Adiaeresis C5 Aring C6 AE C7 Ccedilla C8 Egrave C9 Eacute CA Ecircumflex
        CB Ediaeresis CC Igrave CD Iacute CE Icircumflex CF Idiaeresis D0 ETH D1 Ntilde D2 Ograve D3 Oacute
        D4 Ocircumflex D5 Otilde D6 Odiaeresis D7 multiply D8 Oslash D9 Ugrave DA Uacute DB Ucircumflex
        DC Udiaeresis DD Yacute DE THORN DF ssharp E0 agrave E1 aacute E2 acircumflex E3 atilde E4 adiaeresis
        E5 aring E6 ae E7 ccedilla E8 egrave E9 eacute EA ecircumflex EB ediaeresis EC igrave ED iacute
        EE icircumflex EF idiaeresis F0 eth F1 ntilde F2 ograve F3 oacute F4 ocircumflex F5 otilde F6 odiaeresis
        F7 division F8 oslash F9 ugrave FA uacute FB ucircumflex FC udiaeresis FD yacute FE thorn FF ydiaeresis
        100 Amacron 101 amacron 102 Abreve 103 abreve 104 Aogonek 105 aogonek 106 Cacute 107 cacute
        108 Ccircumflex 109 ccircumflex 10A Cabovedot 10B cabovedot 10C Ccaron 10D ccaron 10E Dcaron 10F dcaron
        110 Dstroke 111 dstroke 112 Emacron 113 emacron 116 Eabovedot 117 eabovedot 118 Eogonek 119 eogonek
        11A Ecaron 11B ecaron 11C Gcircumflex 11D gcircumflex 11E Gbreve 11F gbreve 120 Gabovedot 121 gabovedot
        122 Gcedilla 123 gcedilla 124 Hcircumflex 125 hcircumflex 126 Hstroke 127 hstroke 128 Itilde 129 itilde
        12A Imacron 12B imacron 12E Iogonek 12F iogonek 130 Iabovedot 131 idotless 134 Jcircumflex
        135 jcircumflex 136 Kcedilla 137 kcedilla 138 kra 139 Lacute 13A lacute 13B Lcedilla 13C lcedilla
        13D Lcaron 13E lcaron 141 Lstroke 142 lstroke 143 Nacute 144 nacute 145 Ncedilla 146 ncedilla 147 Ncaron
        148 ncaron 14A ENG 14B eng 14C Omacron 14D omacron 150 Odoubleacute 151 odoubleacute 152 OE 153 oe
        154 Racute 155 racute 156 Rcedilla 157 rcedilla 158 Rcaron 159 rcaron 15A Sacute 15B sacute
        15C Scircumflex 15D scircumflex 15E Scedilla 15F scedilla 160 Scaron 161 scaron 162 Tcedilla
        163 tcedilla 164 Tcaron 165 tcaron 166 Tslash 167 tslash 168 Utilde 169 utilde 16A Umacron 16B umacron
        16C Ubreve 16D ubreve 16E Uring 16F uring 170 Udoubleacute 171 udoubleacute 172 Uogonek 173 uogonek
        178 Ydiaeresis 179 Zacute 17A zacute 17B Zabovedot 17C zabovedot 17D Zcaron 17E zcaron 192 function
        2C7 caron 2D8 breve 2D9 abovedot 2DB ogonek 2DD doubleacute 385 Greek_accentdieresis
        386 Greek_ALPHAaccent 388 Greek_EPSILONaccent 389 Greek_ETAaccent 38A Greek_IOTAaccent
        38C Greek_OMICRONaccent 38E Greek_UPSILONaccent 38F Greek_OMEGAaccent 390 Greek_iotaaccentdieresis
        391 Greek_ALPHA 392 Greek_BETA 393 Greek_GAMMA 394 Greek_DELTA 395 Greek_EPSILON 396 Greek_ZETA
        397 Greek_ETA 398 Greek_THETA 399 Greek_IOTA 39A Greek_KAPPA 39B Greek_LAMDA 39C Greek_MU 39D Greek_NU
        39E Greek_XI 39F Greek_OMICRON 3A0 Greek_PI 3A1 Greek_RHO 3A3 Greek_SIGMA 3A4 Greek_TAU
        3A5 Greek_UPSILON 3A6 Greek_PHI 3A7 Greek_CHI 3A8 Greek_PSI 3A9 Greek_OMEGA 3AA Greek_IOTAdieresis
        3AB Greek_UPSILONdieresis 3AC Greek_alphaaccent 3AD Greek_epsilonaccent 3AE Greek_etaaccent
        3AF Greek_iotaaccent 3B0 Greek_upsilonaccentdieresis 3B1 Greek_alpha 3B2 Greek_beta 3B3 Greek_gamma
        3B4 Greek_delta 3B5 Greek_epsilon 3B6 Greek_zeta 3B7 Greek_eta 3B8 Greek_theta 3B9 Greek_iota
        3BA Greek_kappa 3BB Greek_lamda 3BC Greek_mu 3BD Greek_nu 3BE Greek_xi 3BF Greek_omicron 3C0 Greek_pi
        3C1 Greek_rho 3C2 Greek_finalsmallsigma 3C3 Greek_sigma 3C4 Greek_tau 3C5 Greek_upsilon 3C6 Greek_phi
        3C7 Greek_chi 3C8 Greek_psi 3C9 Greek_omega 3CA Greek_iotadieresis 3CB Greek_upsilondieresis
        3CC Greek_omicronaccent 3CD Greek_upsilonaccent 3CE Greek_omegaaccent 401 Cyrillic_IO 402 Serbian_DJE
        403 Macedonia_GJE 404 Ukrainian_IE 405 Macedonia_DSE 406 Ukrainian_I 407 Ukrainian_YI 408 Cyrillic_JE
        409 Cyrillic_LJE 40A Cyrillic_NJE 40B Serbian_TSHE 40C Macedonia_KJE 40E Byelorussian_SHORTU
        40F Cyrillic_DZHE 410 Cyrillic_A 411 Cyrillic_BE 412 Cyrillic_VE 413 Cyrillic_GHE 414 Cyrillic_DE
        415 Cyrillic_IE 416 Cyrillic_ZHE 417 Cyrillic_ZE 418 Cyrillic_I 419 Cyrillic_SHORTI 41A Cyrillic_KA
        41B Cyrillic_EL 41C Cyrillic_EM 41D Cyrillic_EN 41E Cyrillic_O 41F Cyrillic_PE 420 Cyrillic_ER
        421 Cyrillic_ES 422 Cyrillic_TE 423 Cyrillic_U 424 Cyrillic_EF 425 Cyrillic_HA 426 Cyrillic_TSE
        427 Cyrillic_CHE 428 Cyrillic_SHA 429 Cyrillic_SHCHA 42A Cyrillic_HARDSIGN 42B Cyrillic_YERU
        42C Cyrillic_SOFTSIGN 42D Cyrillic_E 42E Cyrillic_YU 42F Cyrillic_YA 430 Cyrillic_a 431 Cyrillic_be
        432 Cyrillic_ve 433 Cyrillic_ghe 434 Cyrillic_de 435 Cyrillic_ie 436 Cyrillic_zhe 437 Cyrillic_ze
        438 Cyrillic_i 439 Cyrillic_shorti 43A Cyrillic_ka 43B Cyrillic_el 43C Cyrillic_em 43D Cyrillic_en
        43E Cyrillic_o 43F Cyrillic_pe 440 Cyrillic_er 441 Cyrillic_es 442 Cyrillic_te 443 Cyrillic_u
        444 Cyrillic_ef 445 Cyrillic_ha 446 Cyrillic_tse 447 Cyrillic_che 448 Cyrillic_sha 449 Cyrillic_shcha
        44A Cyrillic_hardsign 44B Cyrillic_yeru 44C Cyrillic_softsign 44D Cyrillic_e 44E Cyrillic_yu
        44F Cyrillic_ya 451 Cyrillic_io 452 Serbian_dje 453 Macedonia_gje 454 Ukrainian_ie 455 Macedonia_dse
        456 Ukrainian_i 457 Ukrainian_yi 458 Cyrillic_je 459 Cyrillic_lje 45A Cyrillic_nje 45B Serbian_tshe
        45C Macedonia_kje 45E Byelorussian_shortu 45F Cyrillic_dzhe 490 Ukrainian_GHE_WITH_UPTURN
        491 Ukrainian_ghe_with_upturn 5D0 hebrew_aleph 5D1 hebrew_bet 5D2 hebrew_gimel 5D3 hebrew_dalet
        5D4 hebrew_he 5D5 hebrew_waw 5D6 hebrew_zain 5D7 hebrew_chet 5D8 hebrew_tet 5D9 hebrew_yod
        5DA hebrew_finalkaph 5DB hebrew_kaph 5DC hebrew_lamed 5DD hebrew_finalmem 5DE hebrew_mem
        5DF hebrew_finalnun 5E0 hebrew_nun 5E1 hebrew_samech 5E2 hebrew_ayin 5E3 hebrew_finalpe 5E4 hebrew_pe
        5E5 hebrew_finalzade 5E6 hebrew_zade 5E7 hebrew_qoph 5E8 hebrew_resh 5E9 hebrew_shin 5EA hebrew_taw
        60C Arabic_comma 61B Arabic_semicolon 61F Arabic_question_mark 621 Arabic_hamza 622 Arabic_maddaonalef
        623 Arabic_hamzaonalef 624 Arabic_hamzaonwaw 625 Arabic_hamzaunderalef 626 Arabic_hamzaonyeh
        627 Arabic_alef 628 Arabic_beh 629 Arabic_tehmarbuta 62A Arabic_teh 62B Arabic_theh 62C Arabic_jeem
        62D Arabic_hah 62E Arabic_khah 62F Arabic_dal 630 Arabic_thal 631 Arabic_ra 632 Arabic_zain
        633 Arabic_seen 634 Arabic_sheen 635 Arabic_sad 636 Arabic_dad 637 Arabic_tah 638 Arabic_zah
        639 Arabic_ain 63A Arabic_ghain 640 Arabic_tatweel 641 Arabic_feh 642 Arabic_qaf 643 Arabic_kaf
        644 Arabic_lam 645 Arabic_meem 646 Arabic_noon 647 Arabic_ha 648 Arabic_waw 649 Arabic_alefmaksura
        64A Arabic_yeh 64B Arabic_fathatan 64C Arabic_dammatan 64D Arabic_kasratan 64E Arabic_fatha
        64F Arabic_damma 650 Arabic_kasra 651 Arabic_shadda 652 Arabic_sukun E01 Thai_kokai E02 Thai_khokhai
        E03 Thai_khokhuat E04 Thai_khokhwai E05 Thai_khokhon E06 Thai_khorakhang E07 Thai_ngongu
        E08 Thai_chochan E09 Thai_choching E0A Thai_chochang E0B Thai_soso E0C Thai_chochoe E0D Thai_yoying
        E0E Thai_dochada E0F Thai_topatak E10 Thai_thothan E11 Thai_thonangmontho E12 Thai_thophuthao
        E13 Thai_nonen E14 Thai_dodek E15 Thai_totao E16 Thai_thothung E17 Thai_thothahan E18 Thai_thothong
        E19 Thai_nonu E1A Thai_bobaimai E1B Thai_popla E1C Thai_phophung E1D Thai_fofa E1E Thai_phophan
        E1F Thai_fofan E20 Thai_phosamphao E21 Thai_moma E22 Thai_yoyak E23 Thai_rorua E24 Thai_ru
        E25 Thai_loling E26 Thai_lu E27 Thai_wowaen E28 Thai_sosala E29 Thai_sorusi E2A Thai_sosua
        E2B Thai_hohip E2C Thai_lochula E2D Thai_oang E2E Thai_honokhuk E2F Thai_paiyannoi E30 Thai_saraa
        E31 Thai_maihanakat E32 Thai_saraaa E33 Thai_saraam E34 Thai_sarai E35 Thai_saraii E36 Thai_saraue
        E37 Thai_sarauee E38 Thai_sarau E39 Thai_sarauu E3A Thai_phinthu E3F Thai_baht E40 Thai_sarae
        E41 Thai_saraae E42 Thai_sarao E43 Thai_saraaimaimuan E44 Thai_saraaimaimalai E45 Thai_lakkhangyao
        E46 Thai_maiyamok E47 Thai_maitaikhu E48 Thai_maiek E49 Thai_maitho E4A Thai_maitri E4B Thai_maichattawa
        E4C Thai_thanthakhat E4D Thai_nikhahit E50 Thai_leksun E51 Thai_leknung E52 Thai_leksong E53 Thai_leksam
        E54 Thai_leksi E55 Thai_lekha E56 Thai_lekhok E57 Thai_lekchet E58 Thai_lekpaet E59 Thai_lekkao
        11A8 Hangul_J_Kiyeog 11A9 Hangul_J_SsangKiyeog 11AA Hangul_J_KiyeogSios 11AB Hangul_J_Nieun
        11AC Hangul_J_NieunJieuj 11AD Hangul_J_NieunHieuh 11AE Hangul_J_Dikeud 11AF Hangul_J_Rieul
        11B0 Hangul_J_RieulKiyeog 11B1 Hangul_J_RieulMieum 11B2 Hangul_J_RieulPieub 11B3 Hangul_J_RieulSios
        11B4 Hangul_J_RieulTieut 11B5 Hangul_J_RieulPhieuf 11B6 Hangul_J_RieulHieuh 11B7 Hangul_J_Mieum
        11B8 Hangul_J_Pieub 11B9 Hangul_J_PieubSios 11BA Hangul_J_Sios 11BB Hangul_J_SsangSios
        11BC Hangul_J_Ieung 11BD Hangul_J_Jieuj 11BE Hangul_J_Cieuc 11BF Hangul_J_Khieuq 11C0 Hangul_J_Tieut
        11C1 Hangul_J_Phieuf 11C2 Hangul_J_Hieuh 11EB Hangul_J_PanSios 11F0 Hangul_J_KkogjiDalrinIeung
        11F9 Hangul_J_YeorinHieuh 2002 enspace 2003 emspace 2004 em3space 2005 em4space 2007 digitspace
        2008 punctspace 2009 thinspace 200A hairspace 2012 figdash 2013 endash 2014 emdash 2015 Greek_horizbar
        2017 hebrew_doublelowline 2018 leftsinglequotemark 2019 rightsinglequotemark 201A singlelowquotemark
        201C leftdoublequotemark 201D rightdoublequotemark 201E doublelowquotemark 2020 dagger 2021 doubledagger
        2025 doubbaselinedot 2026 ellipsis 2030 permille 2032 minutes 2033 seconds 2038 caret 203E overline
        20AC EuroSign 2105 careof 2116 numerosign 2117 phonographcopyright 211E prescription 2122 trademark
        2153 onethird 2154 twothirds 2155 onefifth 2156 twofifths 2157 threefifths 2158 fourfifths 2159 onesixth
        215A fivesixths 215B oneeighth 215C threeeighths 215D fiveeighths 215E seveneighths 2190 leftarrow
        2191 uparrow 2192 rightarrow 2193 downarrow 21D2 implies 21D4 ifonlyif 2202 partialderivative 2207 nabla
        2218 jot 221A radical 221D variation 221E infinity 2227 logicaland 2228 logicalor 2229 intersection
        222A union 222B integral 2234 therefore 223C approximate 2243 similarequal 2260 notequal 2261 identical
        2264 lessthanequal 2265 greaterthanequal 2282 includedin 2283 includes 22A2 righttack 22A3 lefttack
        22A4 downtack 22A5 uptack 2308 upstile 230A downstile 2315 telephonerecorder 2320 topintegral
        2321 botintegral 2395 quad 239B topleftparens 239D botleftparens 239E toprightparens 23A0 botrightparens
        23A1 topleftsqbracket 23A3 botleftsqbracket 23A4 toprightsqbracket 23A6 botrightsqbracket
        23A8 leftmiddlecurlybrace 23AC rightmiddlecurlybrace 23B7 leftradical 23BA horizlinescan1
        23BB horizlinescan3 23BC horizlinescan7 23BD horizlinescan9 2409 ht 240A lf 240B vt 240C ff 240D cr
        2424 nl 2500 horizlinescan5 2502 vertbar 250C upleftcorner 2510 uprightcorner 2514 lowleftcorner
        2518 lowrightcorner 251C leftt 2524 rightt 252C topt 2534 bott 253C crossinglines 2592 checkerboard
        25C6 soliddiamond 25CB circle 260E telephone 2640 femalesymbol 2642 malesymbol 2663 club 2665 heart
        2666 diamond 266D musicalflat 266F musicalsharp 2713 checkmark 2717 ballotcross 271D latincross
        2720 maltesecross 3001 kana_comma 3002 kana_fullstop 300C kana_openingbracket 300D kana_closingbracket
        309B voicedsound 309C semivoicedsound 30A1 kana_a 30A2 kana_A 30A3 kana_i 30A4 kana_I 30A5 kana_u
        30A6 kana_U 30A7 kana_e 30A8 kana_E 30A9 kana_o 30AA kana_O 30AB kana_KA 30AD kana_KI 30AF kana_KU
        30B1 kana_KE 30B3 kana_KO 30B5 kana_SA 30B7 kana_SHI 30B9 kana_SU 30BB kana_SE 30BD kana_SO 30BF kana_TA
        30C1 kana_CHI 30C3 kana_tsu 30C4 kana_TSU 30C6 kana_TE 30C8 kana_TO 30CA kana_NA 30CB kana_NI
        30CC kana_NU 30CD kana_NE 30CE kana_NO 30CF kana_HA 30D2 kana_HI 30D5 kana_FU 30D8 kana_HE 30DB kana_HO
        30DE kana_MA 30DF kana_MI 30E0 kana_MU 30E1 kana_ME 30E2 kana_MO 30E3 kana_ya 30E4 kana_YA 30E5 kana_yu
        30E6 kana_YU 30E7 kana_yo 30E8 kana_YO 30E9 kana_RA 30EA kana_RI 30EB kana_RU 30EC kana_RE 30ED kana_RO
        30EF kana_WA 30F2 kana_WO 30F3 kana_N 30FB kana_conjunctive 30FC prolongedsound 3131 Hangul_Kiyeog
        3132 Hangul_SsangKiyeog 3133 Hangul_KiyeogSios 3134 Hangul_Nieun 3135 Hangul_NieunJieuj
        3136 Hangul_NieunHieuh 3137 Hangul_Dikeud 3138 Hangul_SsangDikeud 3139 Hangul_Rieul
        313A Hangul_RieulKiyeog 313B Hangul_RieulMieum 313C Hangul_RieulPieub 313D Hangul_RieulSios
        313E Hangul_RieulTieut 313F Hangul_RieulPhieuf 3140 Hangul_RieulHieuh 3141 Hangul_Mieum
        3142 Hangul_Pieub 3143 Hangul_SsangPieub 3144 Hangul_PieubSios 3145 Hangul_Sios 3146 Hangul_SsangSios
        3147 Hangul_Ieung 3148 Hangul_Jieuj 3149 Hangul_SsangJieuj 314A Hangul_Cieuc 314B Hangul_Khieuq
        314C Hangul_Tieut 314D Hangul_Phieuf 314E Hangul_Hieuh 314F Hangul_A 3150 Hangul_AE 3151 Hangul_YA
        3152 Hangul_YAE 3153 Hangul_EO 3154 Hangul_E 3155 Hangul_YEO 3156 Hangul_YE 3157 Hangul_O 3158 Hangul_WA
        3159 Hangul_WAE 315A Hangul_OE 315B Hangul_YO 315C Hangul_U 315D Hangul_WEO 315E Hangul_WE
        315F Hangul_WI 3160 Hangul_YU 3161 Hangul_EU 3162 Hangul_YI 3163 Hangul_I 316D Hangul_RieulYeorinHieuh
        3171 Hangul_SunkyeongeumMieum 3178 Hangul_SunkyeongeumPieub 317F Hangul_PanSios
        3181 Hangul_KkogjiDalrinIeung 3184 Hangul_SunkyeongeumPhieuf 3186 Hangul_YeorinHieuh 318D Hangul_AraeA
        318E Hangul_AraeAE
        """
}
