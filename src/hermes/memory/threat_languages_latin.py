"""German, Dutch, Swedish, Polish, Czech, Turkish, Vietnamese, Indonesian requests (folded text: no
accents; Polish ł and Vietnamese đ survive folding, Turkish ı is mapped to i). Vocabulary per
category, see threat_languages_base.build."""

from __future__ import annotations

from hermes.memory.threat_languages_base import build, word_gate

_SK = r"api[\s_-]?(?:keys?|schlussel|sleutels?|nycklar|nyckel|klucze?|klice|klic|anahtar\w*)|tokens?|\.env\b|id_rsa|cookies?"

DE = {
    "neg": r"\bnicht|\bnie|\bniemals|\bkeine?",
    "rules": r"\b(?:regeln|einschrankungen|richtlinien|vorgaben|grenzen)\b",
    "ign": r"\b(?:ignorier\w*|vergiss|vergessen\s+sie|missachte\w*|verwirf|uberg[eh]\w*)",
    "your": r"\b(?:deine|ihre|bisherigen|vorherigen|alle|system\w*)\b",
    "persona": r"\b(?:tu|tun\s+sie)\s+so,?\s+als\s+(?:ob\s+)?(?:du|sie|warst|waren)\b|\bgib\s+dich\s+als\b"
               r"|\b(?:verhalte|benimm)\s+dich\s+(?:wie|als)\s+(?:\w+\s+){0,3}?(?:ohne\s+(?:einschrankungen|regeln|filter|grenzen)|"
               r"bos\w*|dan)\b|\b(?:entwickler|gott|dan|jailbreak)-?modus\b|\bdeine\s+neue\s+(?:aufgabe|mission)\b",
    "show": r"\b(?:zeig\w*|gib\s+(?:mir\s+)?\w*|verrat\w*|enthull\w*|druck\w*|wiederhol\w*|schreib\w*|nenn\w*|offenbar\w*|"
            r"ausgeben|teile?)",
    "sysp": r"\bsystem-?prompt|\bsystemanweisung\w*|\b(?:deine|ihre)\s+(?:versteckten\s+|geheimen\s+|ursprunglichen\s+)?"
            r"(?:anweisungen|instruktionen)|\b(?:versteckten|geheimen|internen)\s+anweisungen|\bsystemnachricht",
    "send": r"\b(?:send\w*|schick\w*|ubermittl\w*|ubertrag\w*|leite\w*|hochlad\w*|lad\w*\s+(?:\S+\s+){1,5}?hoch|poste\w*|veroffentlich\w*|"
            r"teile?|kopier\w*|exportier\w*|synchronisier\w*|mail\w*)",
    "secret": r"(?<!\w)(?:passw(?:o|ö)rt\w*|kennw(?:o|ö)rt\w*|zugangsdaten|anmeldedaten|geheimnisse|(?:ssh|private[n]?|geheime[n]?)"
              r"[\s-]?schlussel\w*|" + _SK + r")",
    "hist": r"\b(?:chat-?verlauf|gesprachs?verlauf|verlauf|unterhaltung\w*|gesprach\w*|nachrichten\s+des\s+(?:nutzers|benutzers)|"
            r"(?:daten|dateien)\s+des\s+(?:nutzers|benutzers)|(?:deinen|den)\s+speicher|erinnerungen)\b",
    "server": r"\bexterne[nm]?\s+server",
    "hide": r"\b(?:sag|erzahl|verrat|zeig)\w*\s+(?:es\s+|das\s+)?(?:dem\s+)?(?:nutzer|benutzer|anwender)\w*\s+(?:davon\s+)?"
            r"(?:nichts|nicht)\b|\bohne\s+(?:es\s+|das\s+)?(?:dem\s+)?(?:nutzer|benutzer|anwender)\w*\s+(?:zu\s+)?"
            r"(?:sagen|mitzuteilen|erzahlen|informieren|bescheid)|\bohne\s+(?:dass\s+)?(?:der\s+)?(?:nutzer|benutzer)\s+"
            r"(?:es\s+)?(?:merkt|weiss|erfahrt|davon)|\b(?:erwahne|erwahnen\s+sie)\s+(?:es|das|dies)\s+nicht"
            r"|\bbehalte\s+(?:es|das|dies)\s+fur\s+dich|\bverheimlich\w*",
    "sneak": r"\b(?:heimlich|unbemerkt|stillschweigend|im\s+geheimen|insgeheim)\b",
    "act": r"\b(?:send\w*|schick\w*|fuhr\w*|kopier\w*|losch\w*|installier\w*|lad\w*|ubertrag\w*)",
    "noask": r"\bohne\s+(?:nach)?(?:ruckfrage|nachfrage|bestatigung|genehmigung|erlaubnis|zustimmung|freigabe|zu\s+fragen|"
             r"nachzufragen)|\b(?:ruckfrage|bestatigung|genehmigung|freigabe)\s+(?:ist\s+)?(?:nicht\s+(?:mehr\s+)?(?:notig|"
             r"erforderlich)|unnotig)|\bfrag\w*\s+(?:nie|nicht)\s+(?:mehr\s+)?(?:nach|um)\s+(?:bestatigung|erlaubnis|genehmigung)",
    "cmds": r"\b(?:befehl\w*|jede[nsr]?\s+(?:befehl|aktion)|alles|losch\w*|rm|sudo|skripte?|terminal|shell|dateien)\b",
    "restrict": r"\b(?:deaktivier\w*|schalt\w*\s+\w*\s*ab|entfern\w*|umgeh\w*|ignorier\w*)\s+(?:\w+\s+){0,3}?(?:filter|"
                r"sicherheitsfilter|einschrankungen|schutzmechanismen|sicherheitsregeln|sicherheitsprufungen|schutzma\w+)\b"
                r"|\b(?:du\s+hast|sie\s+haben)\s+(?:ab\s+jetzt\s+|jetzt\s+|keine\s+)?(?:keine\s+)?(?:einschrankungen|regeln|filter|grenzen)",
    "free": r"\bohne\s+(?:jegliche\s+|irgendwelche\s+)?(?:einschrankungen|filter|zensur|grenzen|regeln)\b",
    "agent": r"\b(?:du|assistent|ki|bot|agent|modell|modus)\b",
    "dl": r"\b(?:lad\w*|herunterlad\w*|download|hol\w*|curl|wget)",
    "run": r"\b(?:fuhr\w*|ausfuhr\w*|starte\w*|installier\w*|source)\b",
}

NL = {
    "neg": r"\bniet|\bnooit|\bgeen",
    "ign": r"\b(?:negeer\w*|vergeet|ignoreer\w*|sla\s+\w+\s+over|laat\s+\w+\s+varen)",
    "instr": r"\b(?:instructies|aanwijzingen|richtlijnen|opdrachten|systeemprompt)\b",
    "qual": r"\b(?:alle|eerdere|vorige|voorgaande|bovenstaande|oorspronkelijke|je|jouw|uw|systeem\w*)\b",
    "rules": r"\b(?:regels|beperkingen)\b",
    "your": r"\b(?:je|jouw|uw|eerdere|vorige)\b",
    "you": r"\b(?:vanaf\s+nu|voortaan|van\s+nu\s+af)\s*,?\s+(?:ben\s+(?:je|jij)|bent\s+u)\b|\b(?:je\s+bent|jij\s+bent)\s+nu\s+(?:een|de|mijn|vrij)\b"
           r"|\bje\s+nieuwe\s+(?:naam|rol|identiteit)\b|\b(?:doe\s+alsof\s+je|speel\s+dat\s+je)\b"
           r"|\b(?:gedraag\s+je|doe)\s+als\s+(?:\w+\s+){0,3}?zonder\s+(?:beperkingen|regels|filters)",
    "show": r"\b(?:toon\w*|laat\s+\w*\s*zien|geef\w*|onthul\w*|print\w*|herhaal\w*|schrijf\w*|deel)",
    "sysp": r"\bsysteemprompt|\bsystem\s+prompt|\b(?:je|jouw)\s+(?:verborgen\s+|geheime\s+)?instructies|\bverborgen\s+instructies",
    "send": r"\b(?:stuur\w*|verstuur\w*|zend\w*|stuur\s+door|upload\w*|post\w*|deel|kopieer\w*|mail\w*|exporteer\w*)",
    "secret": r"(?<!\w)(?:wachtwoorden|wachtwoord|inloggegevens|geheimen|ssh[\s-]?sleutels?|prive[\s-]?sleutels?|" + _SK + r")",
    "hist": r"\b(?:chatgeschiedenis|geschiedenis|gesprekk?en|berichten\s+van\s+de\s+gebruiker|gegevens\s+van\s+de\s+gebruiker|"
            r"(?:je|jouw)\s+geheugen)\b",
    "server": r"\bexterne\s+server",
    "hide": r"\b(?:vertel|zeg|meld)\s+(?:het\s+|dit\s+)?(?:niets\s+|niet\s+)(?:aan\s+)?de\s+gebruiker\b"
            r"|\b(?:vertel|zeg|meld)\s+(?:het\s+|dit\s+)?(?:aan\s+)?de\s+gebruiker\s+(?:\w+\s+)?(?:niets|niet)\b|\bzonder\s+dat\s+de\s+gebruiker"
            r"\s+(?:het\s+)?(?:weet|merkt)|\bzonder\s+de\s+gebruiker\s+te\s+(?:informeren|vertellen|waarschuwen)"
            r"|\bhoud\s+(?:dit|het)\s+geheim",
    "sneak": r"\b(?:stiekem|heimelijk|in\s+het\s+geheim|ongemerkt|stilletjes)\b",
    "act": r"\b(?:stuur\w*|voer\w*|kopieer\w*|verwijder\w*|installeer\w*|download\w*|upload\w*)",
    "noask": r"\bzonder\s+(?:te\s+)?(?:vragen|toestemming|bevestiging|goedkeuring)|\b(?:vraag|vraagt)\s+(?:nooit|niet)\s+(?:meer\s+)?"
             r"(?:om\s+)?(?:toestemming|bevestiging|goedkeuring)|\b(?:toestemming|bevestiging|goedkeuring)\s+is\s+niet\s+(?:meer\s+)?nodig",
    "cmds": r"\b(?:commando\w*|opdrachten|alles|elke?\s+\w+|verwijder\w*|rm|sudo|scripts?|terminal|shell|bestanden)\b",
    "restrict": r"\b(?:schakel|zet)\s+(?:\w+\s+){0,3}?(?:filters|beveiliging\w*|beperkingen|veiligheidsfilters)\s+uit"
                r"|\b(?:je\s+hebt|u\s+heeft)\s+geen\s+(?:beperkingen|regels|filters)",
    "free": r"\bzonder\s+(?:enige\s+)?(?:beperkingen|filters|censuur|regels)\b",
    "agent": r"\b(?:je|jij|u|assistent|ai|bot|agent|model|modus)\b",
    "dl": r"\b(?:download\w*|haal\w*|curl|wget)",
    "run": r"\b(?:voer\w*|uitvoer\w*|start\w*|installeer\w*|draai\w*)\b",
}

SV = {
    "neg": r"\binte|\baldrig",
    "ign": r"\b(?:ignorera\w*|glom|strunta\s+i|bortse\s+fran)",
    "instr": r"\b(?:instruktioner\w*|anvisningar\w*|riktlinjer\w*|direktiv\w*|systemprompt\w*|regler\w*)\b",
    "qual": r"\b(?:alla|tidigare|ovanstaende|ursprungliga|dina|system\w*)\b",
    "you": r"\b(?:fran\s+och\s+med\s+nu|fran\s+nu|hadanefter)\s*,?\s+(?:ar\s+du|blir\s+du)\b|\bdu\s+ar\s+nu\s+(?:en|ett|min|fri)\b"
           r"|\bditt\s+nya\s+namn\b|\bdin\s+nya\s+(?:roll|identitet)\b|\blatsas\s+(?:att\s+du\s+ar|vara)\b",
    "show": r"\b(?:visa|avsloja|skriv\s+ut|skriv|upprepa|ge\s+mig|dela)",
    "sysp": r"\bsystemprompt\w*|\bsystem\s+prompt|\bdina\s+(?:dolda\s+|hemliga\s+)?instruktioner|\bdolda\s+instruktioner",
    "send": r"\b(?:skicka\w*|vidarebefordra\w*|ladda\s+upp|posta\w*|dela|kopiera\w*|maila\w*|overfor\w*)",
    "secret": r"(?<!\w)(?:losenord\w*|inloggningsuppgifter|hemligheter|ssh[\s-]?nycklar\w*|privata\s+nycklar|" + _SK + r")",
    "hist": r"\b(?:chatthistorik\w*|historik\w*|konversation\w*|anvandarens\s+(?:data|filer|meddelanden)|ditt\s+minne)\b",
    "hide": r"\b(?:beratta|saga|saj)\s+(?:inte|inget|ingenting)\s+(?:for|till)\s+anvandaren|\butan\s+att\s+anvandaren\s+(?:vet|marker)"
            r"|\butan\s+att\s+(?:beratta\s+for|informera)\s+anvandaren|\bhall\s+(?:detta|det)\s+hemligt",
    "sneak": r"\b(?:i\s+hemlighet|hemligt|obemarkt|tyst)\b",
    "act": r"\b(?:skicka\w*|kor|kora|kopiera\w*|radera\w*|installera\w*|ladda\w*)",
    "noask": r"\butan\s+att\s+fraga|\butan\s+(?:bekraftelse|godkannande|tillstand)|\b(?:bekraftelse|godkannande)\s+behovs\s+inte"
             r"|\bfraga\s+(?:aldrig|inte)\s+om\s+(?:lov|bekraftelse|godkannande)",
    "cmds": r"\b(?:kommandon?|alla|allt|radera\w*|rm|sudo|skript|terminal|shell|filer)\b",
    "restrict": r"\b(?:stang\s+av|inaktivera|ta\s+bort|kringga)\s+(?:\w+\s+){0,3}?(?:filter|filtren|sakerhets\w*|begransningar\w*)"
                r"|\bdu\s+har\s+inga\s+(?:begransningar|regler|filter)",
    "free": r"\butan\s+(?:nagra\s+)?(?:begransningar|filter|censur|regler)\b",
    "agent": r"\b(?:du|assistent|ai|bot|agent|modell|lage)\b",
    "dl": r"\b(?:ladda\s+ner|hamta|download|curl|wget)",
    "run": r"\b(?:kor|kora|exekvera|starta|installera)\b",
}

PL = {
    "neg": r"\bnie|\bnigdy",
    "ign": r"\b(?:zignoruj\w*|ignoruj\w*|zapomnij|pomin\w*|nie\s+stosuj\s+sie\s+do|odrzuc\w*)",
    "instr": r"\b(?:instrukcj\w+|polecen\w*|wytyczn\w+|zasad\w*|regul\w*|prompt\s+systemowy)\b",
    "qual": r"\b(?:wszystk\w+|poprzedni\w+|wczesniejsz\w+|powyzsz\w+|oryginaln\w+|systemow\w+|swoje|twoje|swoich|twoich)\b",
    "you": r"\b(?:od\s+teraz|od\s+tej\s+chwili|odtad|teraz)\s*,?\s+(?:jestes|bedziesz|(?:ty\s+)?jestes)\b|\btwoje\s+nowe\s+imie\b"
           r"|\btwoja\s+nowa\s+(?:rola|tozsamosc)\b|\budawaj,?\s+ze\s+jestes\b|\bzachowuj\s+sie\s+jak\b",
    "show": r"\b(?:pokaz\w*|ujawnij\w*|wypisz\w*|wyswietl\w*|powtorz\w*|podaj\w*|napisz\w*|zdradz\w*)",
    "sysp": r"\bprompt\w*\s+systemow\w+|\bsystem\s+prompt|\bswoje\s+(?:ukryte\s+)?instrukcje|\bukryte\s+instrukcje|"
            r"\binstrukcje\s+systemowe",
    "send": r"\b(?:wyslij\w*|przeslij\w*|wysyl\w*|przekaz\w*|przesyl\w*|wgraj\w*|opublikuj\w*|skopiuj\w*|udostepnij\w*)",
    "secret": r"(?<!\w)(?:hasł\w*|hasl\w*|dane\s+logowania|poswiadczen\w*|sekrety|klucz\w*\s+(?:ssh|api|prywatn\w+)|" + _SK + r")",
    "hist": r"\b(?:histori\w+\s+(?:czatu|rozmow\w*)|rozmow\w+|wiadomosci\s+uzytkownika|dane\s+uzytkownika|pliki\s+uzytkownika|"
            r"twoj\w*\s+pamiec\w*)\b",
    "server": r"\bzewnetrzn\w+\s+serwer\w*",
    "hide": r"\bnie\s+(?:mow|informuj|wspominaj|powiadamiaj|pokazuj)\w*\s+(?:o\s+tym\s+)?(?:nic\s+)?uzytkownik\w*"
            r"|\bbez\s+(?:wiedzy|informowania|powiadamiania)\s+uzytkownik\w*|\bzachowaj\s+to\s+w\s+tajemnicy",
    "sneak": r"\b(?:potajemnie|po\s+cichu|ukradkiem|w\s+tajemnicy|niepostrzezenie)\b",
    "act": r"\b(?:wyslij\w*|uruchom\w*|wykonaj\w*|skopiuj\w*|usun\w*|zainstaluj\w*|pobierz\w*|przeslij\w*)",
    "noask": r"\bbez\s+(?:pytania|potwierdzenia|zgody|akceptacji|pozwolenia|zatwierdzenia)|\bnie\s+pytaj\s+(?:o\s+)?"
             r"(?:zgode|potwierdzenie|pozwolenie)|\b(?:zgoda|potwierdzenie|zatwierdzenie)\s+nie\s+jest\s+(?:juz\s+)?(?:potrzebne|"
             r"potrzebna|wymagane|wymagana)",
    "cmds": r"\b(?:polecen\w*|komend\w*|wszystk\w*|kazd\w*|usuw\w*|usun\w*|rm|sudo|skrypt\w*|terminal\w*|pliki|plikow)\b",
    "restrict": r"\b(?:wylacz\w*|dezaktywuj\w*|usun\w*|omin\w*|zignoruj\w*)\s+(?:\w+\s+){0,3}?(?:filtr\w*|zabezpieczen\w*|"
                r"ograniczen\w*|blokad\w*)|\bnie\s+masz\s+(?:zadnych\s+)?(?:ograniczen|zasad|filtrow)",
    "free": r"\bbez\s+(?:zadnych\s+)?(?:ograniczen|filtrow|cenzury|zasad)\b",
    "agent": r"\b(?:jestes|ty|asystent\w*|ai|bot|agent|model|tryb\w*)\b",
    "dl": r"\b(?:pobierz\w*|sciagnij\w*|download|curl|wget)",
    "run": r"\b(?:uruchom\w*|wykonaj\w*|zainstaluj\w*|odpal\w*)\b",
}

CS = {
    "neg": r"\bne\b",
    "ign": r"\b(?:ignoruj\w*|zapomen\w*|neber\w*\s+ohled|nedbej)",
    "instr": r"\b(?:pokyn\w*|instrukc\w+|pravidl\w*|smernic\w+|systemov\w+\s+prompt\w*)\b",
    "qual": r"\b(?:vsechn\w+|vsech|predchoz\w+|predesl\w+|vyse|puvodn\w+|systemov\w+|sve|svoje|tve|tvoje)\b",
    "you": r"\b(?:od\s+ted|od\s+teto\s+chvile|nyni|ted)\s*,?\s+(?:jsi|budes)\b|\btvoje\s+nove\s+jmeno\b|\btvoje\s+nova\s+role\b"
           r"|\bpredstir\w*,?\s+ze\s+jsi\b|\bchovej\s+se\s+jako\b",
    "show": r"\b(?:ukaz\w*|zobraz\w*|prozrad\w*|vypis\w*|zopakuj\w*|napis\w*|odhal\w*)",
    "sysp": r"\bsystemov\w+\s+prompt\w*|\bsystem\s+prompt|\bsve\s+(?:skryte\s+)?pokyny|\bskryte\s+(?:pokyny|instrukce)",
    "send": r"\b(?:posl\w*|odesl\w*|odesil\w*|preposl\w*|nahraj\w*|zverejni\w*|zkopiruj\w*|sdilej\w*)",
    "secret": r"(?<!\w)(?:hesl\w*|prihlasovaci\s+udaje|tajemstvi|klic\w*\s+(?:ssh|api)|soukrom\w+\s+klic\w*|soubor\s+\.env|" + _SK + r")",
    "hist": r"\b(?:histori\w+\s+(?:chatu|konverzace)|konverzac\w+|zpravy\s+uzivatele|data\s+uzivatele|soubory\s+uzivatele)\b",
    "hide": r"\b(?:nerikej|neinformuj|nezminuj|neprozrazuj)\w*\s+(?:to\s+|nic\s+)?uzivatel\w*|\bbez\s+vedomi\s+uzivatel\w*"
            r"|\bnech\s+si\s+to\s+pro\s+sebe",
    "sneak": r"\b(?:tajne|potaji|nenapadne|pot[iy]chu)\b",
    "act": r"\b(?:posl\w*|spust\w*|proved\w*|zkopiruj\w*|smaz\w*|nainstaluj\w*|stahni\w*)",
    "noask": r"\bbez\s+(?:ptani|potvrzeni|souhlasu|schvaleni|dotazu)|\b(?:neptej|nezadej)\s+se\s+(?:o\s+)?(?:souhlas|potvrzeni|svoleni)"
             r"|\b(?:potvrzeni|schvaleni|souhlas)\s+(?:uz\s+)?neni\s+(?:potreba|nutn\w+)",
    "cmds": r"\b(?:prikaz\w*|vsechn\w*|jakykoli\w*|maz\w*|smaz\w*|rm|sudo|skript\w*|terminal|soubor\w*)\b",
    "restrict": r"\b(?:vypni|deaktivuj|odstran|obejdi)\s+(?:\w+\s+){0,3}?(?:filtr\w*|omezeni|ochran\w*|bezpecnost\w*)"
                r"|\bnemas\s+(?:zadna\s+)?(?:omezeni|pravidla|filtry)",
    "free": r"\bbez\s+(?:jakychkoli\s+)?(?:omezeni|filtru|cenzury|pravidel)\b",
    "agent": r"\b(?:jsi|ty|asistent|ai|bot|agent|model|rezim)\b",
    "dl": r"\b(?:stahn\w*|stahuj\w*|download|curl|wget)",
    "run": r"\b(?:spust\w*|proved\w*|nainstaluj\w*)\b",
}

TR = {
    "ign": r"\b(?:yok\s+say\w*|gormezden\s+gel\w*|unut\w*|dikkate\s+alma\w*|gecersiz\s+say\w*|ihmal\s+et\w*|uyma)",
    "instr": r"\b(?:talimat\w*|yonerge\w*|kural\w*|sistem\s+istem\w*|komutlar\w*)\b",
    "qual": r"\b(?:tum|butun|hepsi\w*|onceki|yukaridaki|eski|orijinal|sistem|senin|kendi)\b",
    "you": r"\b(?:artik|bundan\s+sonra|simdiden\s+sonra|su\s+andan\s+itibaren)\s+(?:sen\s+)?(?:\w+\s+){0,4}?(?:sin|sun|siniz)\b"
           r"|\byeni\s+(?:adin|ismin|rolun|kimligin)\b|\b(?:gibi\s+davran|rol\s+yap|-mis\s+gibi\s+yap)\w*",
    "show": r"\b(?:goster\w*|acikla\w*|yazdir\w*|ifsa\s+et\w*|tekrarla\w*|yaz\b|paylas\w*|ver\b)",
    "sysp": r"\bsistem\s+(?:istem\w*|prompt\w*|talimat\w*|mesaj\w*)|\bsystem\s+prompt|\bgizli\s+talimat\w*",
    "send": r"\b(?:gonder\w*|ilet\w*|yolla\w*|yukle\w*|paylas\w*|kopyala\w*|aktar\w*|post\s+et\w*)",
    "secret": r"(?<!\w)(?:sifre\w*|parola\w*|kimlik\s+bilgi\w*|gizli\s+anahtar\w*|ssh\s+anahtar\w*|api\s+anahtar\w*|" + _SK + r")",
    "hist": r"\b(?:sohbet\s+gecmis\w*|konusma\w*|mesaj\w*|kullanici\s+(?:veri\w*|dosya\w*)|gecmis\w*|hafiza\w*)\b",
    "server": r"\bharici\s+sunucu\w*|\buzak\s+sunucu\w*",
    "hide": r"\bkullaniciya\s+(?:bundan\s+)?(?:\w+\s+)?(?:soyleme|bahsetme|bildirme|haber\s+verme|gosterme)\w*"
            r"|\bkullanicinin\s+haberi\s+olmadan|\bkullaniciya\s+(?:haber\s+vermeden|soylemeden|bildirmeden)|\bgizli\s+tut",
    "sneak": r"\b(?:gizlice|sessizce|fark\s+ettirmeden|habersizce)\b",
    "act": r"\b(?:gonder\w*|calistir\w*|kopyala\w*|sil\w*|yukle\w*|indir\w*)",
    "noask": r"\b(?:sormadan|onay\s+(?:almadan|istemeden|beklemeden)|izin\s+(?:almadan|istemeden))|\bonay\w*\s+(?:gerekmez|gerek\s+yok)"
             r"|\b(?:onay|izin)\s+(?:isteme|sorma)\b",
    "cmds": r"\b(?:komut\w*|her\s+seyi|tum\w*|hepsini|sil\w*|rm|sudo|betik\w*|terminal\w*|dosya\w*)\b",
    "restrict": r"\b(?:filtre\w*|guvenlik\w*|kisitlama\w*|sinirlama\w*)\s+(?:\w+\s+){0,2}?(?:devre\s+disi\s+birak\w*|kapat\w*|kaldir\w*|"
                r"atla\w*)|\b(?:hicbir\s+)?(?:kisitlama\w*|sinir\w*|kural\w*|filtre\w*)\s+(?:yok|olmayan|olmadan)\b",
    "dl": r"\b(?:indir\w*|cek\b|download|curl|wget)",
    "run": r"\b(?:calistir\w*|yurut\w*|kur\b|kurun)\b",
}

VI = {
    "neg": r"\bkhong|\bđung|\bchang",
    "ign": r"\b(?:bo\s+qua|phot\s+lo|quen\s+(?:đi|het)|khong\s+(?:tuan\s+theo|lam\s+theo)|gat\s+bo)",
    "instr": r"\b(?:(?:cac\s+|nhung\s+)?(?:huong\s+dan|chi\s+dan|chi\s+thi|lenh|quy\s+tac|nguyen\s+tac)|loi\s+nhac\s+he\s+thong)\b",
    "qual": r"\b(?:tat\s+ca|moi|truoc\s+(?:đo|đay)|ben\s+tren|ban\s+đau|he\s+thong|cua\s+ban)\b",
    "you": r"\b(?:tu\s+bay\s+gio|ke\s+tu\s+bay\s+gio|bat\s+đau\s+tu\s+bay\s+gio|tu\s+nay)\s*,?\s+(?:ban|may|em)\s+(?:la|se\s+la)\b"
           r"|\bten\s+moi\s+cua\s+ban\b|\bvai\s+tro\s+moi\s+cua\s+ban\b|\b(?:hay\s+)?(?:gia\s+vo|đong\s+vai)\b",
    "show": r"\b(?:hien\s+thi|tiet\s+lo|in\s+ra|cho\s+(?:toi\s+)?xem|lap\s+lai|viet\s+ra|đua\s+ra)",
    "sysp": r"\b(?:loi\s+nhac|prompt|chi\s+dan|huong\s+dan)\s+(?:he\s+thong|an|bi\s+mat)|\bsystem\s+prompt",
    "send": r"\b(?:gui|chuyen\s+tiep|chuyen|tai\s+len|đang|chia\s+se|sao\s+chep)",
    "secret": r"(?<!\w)(?:mat\s+khau|khoa\s+(?:api|ssh|bi\s+mat|rieng)|thong\s+tin\s+đang\s+nhap|bi\s+mat|ma\s+thong\s+bao|" + _SK + r")",
    "hist": r"\b(?:lich\s+su\s+(?:tro\s+chuyen|chat)|cuoc\s+tro\s+chuyen|tin\s+nhan|du\s+lieu\s+nguoi\s+dung|tep\s+cua\s+nguoi\s+dung)\b",
    "server": r"\bmay\s+chu\s+(?:ben\s+ngoai|tu\s+xa)",
    "hide": r"\bkhong\s+(?:đuoc\s+)?(?:noi|bao|thong\s+bao|ke)\s+(?:voi|cho)\s+nguoi\s+dung|\b(?:đung|chang)\s+(?:noi|bao)\s+"
            r"(?:voi|cho)\s+nguoi\s+dung|\bma\s+khong\s+(?:cho|đe)\s+nguoi\s+dung\s+biet|\bgiu\s+bi\s+mat",
    "sneak": r"\b(?:bi\s+mat|lang\s+le|am\s+tham|len\s+lut)\b",
    "act": r"\b(?:gui|chay|thuc\s+thi|sao\s+chep|xoa|cai\s+đat|tai)",
    "noask": r"\bkhong\s+(?:can\s+)?(?:hoi|xin\s+phep|xac\s+nhan|phe\s+duyet)|\bkhong\s+can\s+(?:su\s+)?(?:xac\s+nhan|cho\s+phep|phe\s+duyet)",
    "cmds": r"\b(?:lenh|moi\s+thu|bat\s+ky|xoa|rm|sudo|tap\s+lenh|tep)\b",
    "restrict": r"\b(?:tat|vo\s+hieu\s+hoa|bo|vuot\s+qua)\s+(?:\w+\s+){0,3}?(?:bo\s+loc|han\s+che|rao\s+chan|an\s+toan)"
                r"|\bban\s+khong\s+(?:con\s+)?(?:co\s+)?(?:bat\s+ky\s+)?(?:gioi\s+han|han\s+che|quy\s+tac)",
    "free": r"\bkhong\s+(?:co\s+)?(?:bat\s+ky\s+)?(?:gioi\s+han|han\s+che|bo\s+loc|kiem\s+duyet)\b",
    "agent": r"\b(?:ban|tro\s+ly|ai|bot|mo\s+hinh|che\s+đo)\b",
    "dl": r"\b(?:tai\s+(?:ve|xuong)|download|curl|wget)",
    "run": r"\b(?:chay|thuc\s+thi|cai\s+đat)\b",
}

ID = {
    "neg": r"\bjangan|\btidak|\bbukan",
    "ign": r"\b(?:abaikan|lupakan|hiraukan|jangan\s+(?:ikuti|patuhi))",
    "instr": r"\b(?:instruksi|petunjuk|arahan|perintah|aturan|prompt\s+sistem)\b",
    "qual": r"\b(?:semua|seluruh|sebelumnya|di\s+atas|asli|awal|sistem|mu|kamu|anda)\b",
    "you": r"\b(?:mulai\s+(?:sekarang|saat\s+ini)|dari\s+sekarang|sekarang)\s*,?\s+(?:kamu|anda|engkau)\s+(?:adalah|menjadi|ialah)\b"
           r"|\bnama\s+baru(?:mu|\s+kamu|\s+anda)\b|\bperan\s+baru(?:mu|\s+kamu|\s+anda)\b|\bberpura-pura(?:lah)?\s+(?:menjadi|jadi)\b"
           r"|\bbertindak(?:lah)?\s+sebagai\s+(?:\w+\s+){0,3}?tanpa\s+(?:batasan|aturan|filter)",
    "show": r"\b(?:tunjukkan|tampilkan|ungkapkan|cetak|ulangi|tuliskan|berikan|bocorkan)",
    "sysp": r"\bprompt\s+sistem|\bsystem\s+prompt|\binstruksi\s+(?:sistem|tersembunyi|rahasia)(?:mu)?|\binstruksimu",
    "send": r"\b(?:kirim\w*|teruskan|unggah\w*|posting\w*|bagikan|salin\w*|upload\w*)",
    "secret": r"(?<!\w)(?:kata\s+sandi|password|sandi|kredensial|rahasia|kunci\s+(?:api|ssh|pribadi|rahasia)|" + _SK + r")",
    "hist": r"\b(?:riwayat\s+(?:obrolan|percakapan|chat)|percakapan|pesan\s+pengguna|data\s+pengguna|file\s+pengguna|memori(?:mu)?)\b",
    "server": r"\bserver\s+(?:eksternal|luar|jarak\s+jauh)",
    "hide": r"\bjangan\s+(?:beri\s+tahu|beritahu|kasih\s+tahu|bilang|katakan|memberitahu)\w*\s+(?:kepada\s+|ke\s+)?pengguna"
            r"|\btanpa\s+(?:sepengetahuan|memberi\s+tahu|memberitahu)\s+pengguna|\brahasiakan\b",
    "sneak": r"\b(?:diam-diam|secara\s+rahasia|diam\s+diam|tanpa\s+ketahuan)\b",
    "act": r"\b(?:kirim\w*|jalankan|eksekusi|salin\w*|hapus\w*|pasang\w*|unduh\w*)",
    "noask": r"\btanpa\s+(?:meminta\s+|minta\s+)?(?:izin|konfirmasi|persetujuan|bertanya)|\b(?:tidak|tak)\s+perlu\s+(?:meminta\s+|minta\s+)?"
             r"(?:izin|konfirmasi|persetujuan)|\bjangan\s+(?:minta|tanya)\w*\s+(?:izin|konfirmasi|persetujuan)",
    "cmds": r"\b(?:perintah|apa\s+pun|semua|hapus\w*|rm|sudo|skrip|terminal|file|berkas)\b",
    "restrict": r"\b(?:matikan|nonaktifkan|hapus|lewati|abaikan)\s+(?:\w+\s+){0,3}?(?:filter|batasan|pembatasan|pengaman\w*|keamanan)"
                r"|\b(?:kamu|anda)\s+tidak\s+(?:lagi\s+)?(?:punya|memiliki)\s+(?:batasan|aturan|filter)",
    "free": r"\btanpa\s+(?:batasan|filter|sensor|aturan)\b",
    "agent": r"\b(?:kamu|anda|asisten|ai|bot|agen|model|mode)\b",
    "dl": r"\b(?:unduh\w*|download|ambil|curl|wget)",
    "run": r"\b(?:jalankan|eksekusi|pasang|instal)\b",
}

# Polish ł survives folding and is often typed as l.
PL = {k: v.replace("l", "[lł]") for k, v in PL.items()}

RULES = (build(word_gate("du dein deine deinen dich mir bitte sie ihre nicht ohne alle und ist nutzer benutzer anwender jetzt "
                         "sende schicke zeige gib lade passwort passworter zugangsdaten schlussel befehle regeln heimlich"), DE)
         + build(word_gate("je jij jouw uw niet zonder alle het een naar gebruiker negeer vergeet stuur toon geef "
                           "wachtwoord wachtwoorden instructies regels voortaan vanaf"), NL)
         + build(word_gate("och alla inte utan till dina ditt din anvandaren ignorera glom skicka visa losenord "
                           "instruktioner regler fran"), SV)
         + build(word_gate("nie bez wszystkie twoje swoje teraz jestes uzytkownika zignoruj ignoruj zapomnij wyslij "
                           "przeslij pokaz hasla haslo klucze instrukcje polecenia pobierz wylacz"), PL)
         + build(word_gate("bez vsechny predchozi pokyny jsi uzivatele ignoruj zapomen posli ukaz hesla heslo "
                           "prikazy stahni vypni nerikej tajne"), CS)
         + build(word_gate("ve bir tum butun onceki talimatlari goster sistem istemini guvenlik filtrelerini devre kullanici kullaniciya kullanicinin artik sen senin "
                           "gonder sifre sifreleri yok gizlice sormadan indir"), TR)
         + build(word_gate("cac cua va nguoi dung tat ban khong gui bo mat lenh huong tai chay"), VI)
         + build(word_gate("dan yang ke semua kamu anda tanpa tidak jangan ini pengguna abaikan lupakan kirim "
                           "instruksi unduh"), ID))
