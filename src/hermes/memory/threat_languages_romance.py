"""Portuguese, Spanish, French, Italian requests (folded text: no accents). Vocabulary per category,
see threat_languages_base.build; de/fr/es/it "ignore previous instructions" and "from now on you
are" already live in threat_intent, so those languages add the other categories."""

from __future__ import annotations

from hermes.memory.threat_languages_base import build, word_gate

PT = {
    "neg": r"\bnao|\bnunca|\bjamais",
    "ign": r"\b(?:ignor\w*|esquec\w*|desconsider\w*|descart\w*|desprez\w*|abandon\w*|pare\s+de\s+seguir|deixe\s+de\s+lado)",
    "instr": r"\b(?:instrucoes|orientacoes|diretrizes|diretivas|ordens|prompt\s+d[oe]\s+sistema|mensagem\s+d[oe]\s+sistema)\b",
    "qual": r"\b(?:tod[ao]s|anteriores|previas|acima|originais|iniciais|d[oe]\s+sistema|suas|seus|tuas|teus|"
            r"ate\s+agora|recebidas|dadas)\b",
    "rules": r"\b(?:regras|restricoes|politicas|limites)\b",
    "your": r"\b(?:suas|seus|tuas|teus|anteriores|d[oe]\s+sistema|de\s+seguranca)\b",
    "you": r"\b(?:a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante|daqui\s+(?:em|pra)\s+frente|agora|doravante)\s*,?\s+"
           r"(?:voce|tu)\s+(?:e|es|sera|vai\s+ser|passa\s+a\s+ser)\s+(?:um|uma|o|a|meu|minha|livre|chamad\w*|conhecid\w*)\b"
           r"|\b(?:voce|tu)\s+(?:agora\s+e|e\s+agora|nao\s+e\s+mais)\s+(?:um|uma|o|a|meu|minha|livre|chamad\w*)\b"
           r"|\bmodo\s+(?:desenvolvedor|deus|dan|jailbreak|irrestrito|sem\s+restricoes)\b",
    "persona": r"\b(?:seu|teu)\s+(?:novo\s+nome|verdadeiro\s+nome|novo\s+papel)\s+(?:e|sera|agora\s+e)\b"
               r"|\b(?:sua|tua)\s+nova\s+(?:identidade|funcao|persona|personalidade|missao)\b"
               r"|\b(?:finja|fingir|finge|faca\s+de\s+conta)\s+(?:ser|que\s+(?:voce\s+|tu\s+)?(?:e|es)|que\s+e)\b"
               r"|\b(?:aja|atue|comporte-se|se\s+comporte|responda|opere)\s+como\s+(?:se\s+fosse\s+)?(?:\w+\s+){0,3}?"
               r"(?:sem\s+(?:restricoes|limites|filtros|regras|censura)|irrestrit\w*|malicios\w*|dan)\b",
    "show": r"\b(?:mostr\w*|revel\w*|exib\w*|imprim\w*|repit\w*|repet\w*|diga|dizer|escrev\w*|compartilh\w*|divulg\w*|"
            r"vaz\w*|copi\w*|envi\w*|me\s+(?:de|passe|mande)|transcrev\w*|reproduz\w*)",
    "sysp": r"\bprompt\s+(?:d[oe]\s+sistema|inicial|original|oculto|secreto)|\bsystem\s+prompt|\b(?:suas|tuas)\s+instrucoes"
            r"|\binstrucoes\s+(?:ocultas|secretas|internas|d[oe]\s+sistema|originais)|\bmensagem\s+d[oe]\s+sistema",
    "send": r"\b(?:envi[aeo]\w*|mand[aeo]\w*|encaminh\w*|transmit\w*|post[ae]\w*|publi\w*|compartilh\w*|carreg\w*|"
            r"suba|subir|upload|export\w*|copi\w*|cole|colar|transfir\w*|transfer\w*|vaz\w*|sincroniz\w*)",
    "secret": r"(?<!\w)(?:senhas?|chaves?\s+(?:d[ae]\s+)?(?:api|ssh|privadas?|secretas?|de\s+acesso|pix)|api[\s_-]?keys?|tokens?|"
              r"credenciais|segredos|\.env\b|id_rsa|cookies?)",
    "hist": r"\b(?:historico|conversas?|mensagens\s+d[oe]\s+usuario|dados\s+(?:pessoais\s+)?d[oe]s?\s+usuarios?|"
            r"arquivos\s+d[oe]\s+usuario|(?:sua|a)\s+memoria|chats?)\b",
    "server": r"\bservidor\s+(?:externo|remoto)|\bsite\s+externo",
    "hide": r"\bnao\s+(?:cont\w*|dig\w*|fal\w*|inform\w*|avis\w*|mencion\w*|mostr\w*|revel\w*)\s+(?:nada\s+)?"
            r"(?:(?:ao|a|o|para\s+o|pro)\s+)?(?:usuario|dono|cliente)\b(?=\s*(?:[.,;:!)]|$|sobre\s+(?:isso|isto|est[ae]|ess[ae])"
            r"|nada|o\s+que|que\s+voce))"
            r"|\bnao\s+(?:diga|conte|fale|mencione)\s+nada\b|\bsem\s+(?:que\s+o\s+usuario\s+(?:saiba|perceba|note)|"
            r"(?:avisar|informar|contar|falar)\s+(?:a|ao|para\s+o)\s+usuario|o\s+conhecimento\s+do\s+usuario|o\s+usuario\s+saber)"
            r"|\b(?:mantenha|guarde)\s+(?:isso|isto|esta\s+\w+)\s+(?:em\s+)?(?:segredo|sigilo)"
            r"|\b(?:esconda|oculte)\s+(?:isso|isto|esta\s+\w+|o\s+que\s+voce)\s+(?:\w+\s+){0,3}?do\s+usuario",
    "sneak": r"\b(?:secretamente|silenciosamente|as\s+escondidas|escondido|discretamente|sem\s+alarde)\b",
    "act": r"\b(?:envi\w*|mand\w*|execut\w*|rod[ae]\w*|copi\w*|apag\w*|instal\w*|baix\w*|encaminh\w*|carreg\w*|post\w*)",
    "noask": r"\bsem\s+(?:pedir|solicitar|esperar|aguardar|precisar\s+de)?\s*(?:por\s+|a\s+|de\s+)?(?:confirmac\w*|permiss\w*|"
             r"aprovac\w*|autorizac\w*|perguntar|consentimento)"
             r"|\bnao\s+(?:e|sera)\s+(?:mais\s+)?(?:preciso|necessari[oa])\s+(?:pedir\s+|solicitar\s+)?(?:confirmac\w*|"
             r"permiss\w*|aprovac\w*|autorizac\w*|perguntar)"
             r"|\b(?:confirmac\w*|aprovac\w*|permiss\w*|autorizac\w*)\s+(?:nao\s+(?:e|sao|sera)\s+(?:mais\s+)?"
             r"(?:necessari\w*|precis\w*|exigid\w*)|desnecessari\w*|dispensad\w*)"
             r"|\bnao\s+(?:pec\w*|pergunt\w*|solicit\w*|espere)\s+(?:\w+\s+){0,2}?(?:confirmac\w*|permiss\w*|aprovac\w*)"
             r"|\b(?:aprove|aceite|autorize)\s+(?:automaticamente\s+|sempre\s+)?(?:tudo|todos\s+os\s+comandos|qualquer)",
    "cmds": r"\b(?:comandos?|qualquer\s+(?:coisa|acao)|todos\s+os\s+comandos|tudo|apag\w*|exclu\w*|delet\w*|"
            r"remov\w*|rm|sudo|scripts?|terminal|shell|arquivos)\b",
    "restrict": r"\b(?:desativ\w*|deslig\w*|desabilit\w*|remov\w*|ignor\w*|contorn\w*|burl\w*|retir\w*)\s+(?:\w+\s+){0,3}?"
                r"(?:filtros?|restricoes|limitacoes|protecoes|travas|salvaguardas|guardrails|regras\s+de\s+seguranca|"
                r"verificacoes\s+de\s+seguranca|modo\s+seguro)\b"
                r"|\b(?:voce|tu)\s+(?:agora\s+)?(?:nao\s+tem|nao\s+possui|esta\s+livre\s+de|nao\s+esta\s+(?:mais\s+)?"
                r"(?:sujeito|limitado|preso))\s+(?:a\s+)?(?:\w+\s+){0,2}?(?:restric\w*|limit\w*|filtros?|regras|censura|diretrizes)",
    "free": r"\bsem\s+(?:nenhuma\s+|qualquer\s+)?(?:restricoes|restricao|filtros?|censura|limites|limitacoes|regras)\b",
    "agent": r"\b(?:voce|assistente|ia|bot|robo|agente|modelo|modo)\b",
    "dl": r"\b(?:baix\w*|descarreg\w*|download|busqu\w*|obtenh\w*|pux\w*|curl|wget)",
    "run": r"\b(?:execut\w*|rod[ae]\w*|instal\w*|inici\w*|source)\b",
}

ES = {
    "neg": r"\bno|\bnunca|\bjamas",
    "rules": r"\b(?:reglas|restricciones|politicas|normas|limites)\b",
    "ign": r"\b(?:ignor\w*|olvid\w*|descart\w*|omit\w*|desobedec\w*|haz\s+caso\s+omiso\s+de|deja\s+de\s+seguir)",
    "instr": r"\b(?:instrucciones|indicaciones|directrices|directivas|ordenes|prompt\s+del\s+sistema)\b",
    "qual": r"\b(?:todas|todos|anteriores|previas|de\s+arriba|originales|iniciales|del\s+sistema|tus|sus|hasta\s+ahora)\b",
    "your": r"\b(?:tus|sus|anteriores|del\s+sistema|de\s+seguridad)\b",
    "persona": r"\btu\s+(?:nuevo\s+(?:nombre|rol|papel)|verdadero\s+nombre)\s+(?:es|sera)\b|\btu\s+nueva\s+(?:identidad|funcion|mision)\b"
               r"|\b(?:finge|fingir|haz\s+como\s+si)\s+(?:ser|que\s+eres|fueras)\b"
               r"|\b(?:actua|comportate|responde|opera)\s+como\s+(?:si\s+fueras\s+)?(?:\w+\s+){0,3}?"
               r"(?:sin\s+(?:restricciones|limites|filtros|reglas|censura)|irrestrict\w*|malicios\w*|dan)\b"
               r"|\bmodo\s+(?:desarrollador|dios|dan|jailbreak|sin\s+restricciones)\b",
    "show": r"\b(?:muestr\w*|mostr\w*|revel\w*|imprim\w*|repit\w*|repet\w*|dime|di|escrib\w*|comparte\w*|compartir|"
            r"divulg\w*|filtr\w*|copi\w*|envi\w*|dame|ensena\w*)",
    "sysp": r"\bprompt\s+(?:del\s+sistema|de\s+sistema|inicial|original|oculto|secreto)|\bsystem\s+prompt"
            r"|\btus\s+instrucciones|\binstrucciones\s+(?:ocultas|secretas|internas|del\s+sistema|originales)"
            r"|\bmensaje\s+del\s+sistema",
    "send": r"\b(?:envi\w*|mand\w*|reenvi\w*|transmit\w*|publi\w*|post\w*|comparte\w*|compartir|sube|subir|carg\w*|"
            r"export\w*|copi\w*|peg[au]\w*|transfier\w*|transferir|filtr\w*|sincroniz\w*)",
    "secret": r"(?<!\w)(?:contrasenas?|claves?\s+(?:de\s+)?(?:api|ssh|privadas?|secretas?|de\s+acceso)|api[\s_-]?keys?|tokens?|"
              r"credenciales|secretos|\.env\b|id_rsa|cookies?)",
    "hist": r"\b(?:historial|conversaci\w+|mensajes\s+del\s+usuario|datos\s+(?:personales\s+)?de(?:l|\s+los)\s+usuarios?|"
            r"archivos\s+del\s+usuario|(?:tu|la)\s+memoria|chats?)\b",
    "server": r"\bservidor\s+(?:externo|remoto)|\bsitio\s+externo",
    "hide": r"\bno\s+(?:(?:le|se\s+lo|les)\s+)?(?:dig\w*|cuent\w*|avis\w*|inform\w*|mencion\w*|muestr\w*|revel\w*)\s+(?:nada\s+)?"
            r"(?:(?:al|a\s+la)\s+)?(?:usuario|usuaria|dueno|cliente)\b(?=\s*(?:[.,;:!)]|$|sobre\s+(?:esto|esta|este|eso)|nada|lo\s+que|que))"
            r"|\bno\s+(?:le\s+)?(?:digas|cuentes|menciones)\s+nada\b|\bsin\s+(?:que\s+el\s+usuario\s+(?:lo\s+)?(?:sepa|note|se\s+entere)|"
            r"(?:avisar|informar|decir(?:le)?)\s+(?:al|a\s+la)\s+usuari[oa]|el\s+conocimiento\s+del\s+usuario)"
            r"|\b(?:manten|guarda)\s+(?:esto|esta\s+\w+)\s+en\s+secreto|\b(?:oculta|esconde)(?:lo|le)?\s+(?:esto\s+)?(?:\w+\s+){0,3}?al\s+usuario",
    "sneak": r"\b(?:secretamente|en\s+secreto|silenciosamente|a\s+escondidas|sigilosamente|discretamente)\b",
    "act": r"\b(?:envi\w*|mand\w*|ejecut\w*|corr\w*|copi\w*|borr\w*|instal\w*|descarg\w*|reenvi\w*|sub\w*|publi\w*)",
    "noask": r"\bsin\s+(?:pedir|solicitar|esperar|preguntar)?\s*(?:por\s+)?(?:confirmaci\w*|permiso|aprobaci\w*|autorizaci\w*|"
             r"preguntar|consentimiento)"
             r"|\bno\s+(?:es|sera)\s+(?:necesario|preciso)\s+(?:pedir\s+|solicitar\s+)?(?:confirmaci\w*|permiso|aprobaci\w*|preguntar)"
             r"|\b(?:confirmaci\w*|aprobaci\w*|permiso|autorizaci\w*)\s+(?:no\s+(?:es|sera)\s+(?:necesari\w*|requerid\w*)|innecesari\w*)"
             r"|\bno\s+(?:pidas|preguntes|solicites|esperes)\s+(?:\w+\s+){0,2}?(?:confirmaci\w*|permiso|aprobaci\w*)",
    "cmds": r"\b(?:comandos?|cualquier\s+(?:cosa|accion)|todos\s+los\s+comandos|todo|borr\w*|elimin\w*|rm|sudo|scripts?|"
            r"terminal|shell|archivos)\b",
    "restrict": r"\b(?:desactiv\w*|apag\w*|deshabilit\w*|quit\w*|elimin\w*|ignor\w*|salt\w*|evad\w*|elud\w*)\s+(?:\w+\s+){0,3}?"
                r"(?:filtros?|restricciones|limitaciones|protecciones|salvaguardas|guardrails|reglas\s+de\s+seguridad|"
                r"controles\s+de\s+seguridad|modo\s+seguro)\b"
                r"|\b(?:ya\s+)?no\s+tienes\s+(?:ninguna\s+|ningun\s+)?(?:restricci\w*|limit\w*|filtros?|reglas|censura)",
    "free": r"\bsin\s+(?:ninguna\s+|ningun\s+)?(?:restricciones|restriccion|filtros?|censura|limites|limitaciones|reglas)\b",
    "agent": r"\b(?:eres|tu|asistente|ia|bot|agente|modelo|modo)\b",
    "dl": r"\b(?:descarg\w*|baj\w*|obten\w*|trae\w*|curl|wget|download)",
    "run": r"\b(?:ejecut\w*|corr[ae]\w*|instal\w*|lanz\w*|inici\w*|source)\b",
}

FR = {
    "neg": r"\bne|\bn'|\bjamais|\bpas",
    "ign": r"\b(?:ignore\w*|oublie\w*|ne\s+tiens\s+(?:plus|pas)\s+compte\s+de|fais\s+abstraction\s+de|laisse\s+tomber)",
    "rules": r"\b(?:regles|restrictions|politiques|limites|consignes)\b",
    "your": r"\b(?:tes|vos|precedentes|du\s+systeme|de\s+securite)\b",
    "persona": r"\b(?:ton|votre)\s+(?:nouveau\s+(?:nom|role)|vrai\s+nom)\s+(?:est|sera)\b"
               r"|\b(?:ta|votre)\s+nouvelle\s+(?:identite|fonction|mission|personnalite)\b"
               r"|\b(?:fais|faites)\s+semblant\s+d'etre\b|\bpretends?\s+etre\b"
               r"|\b(?:agis|agissez|comporte-toi|reponds|repondez)\s+comme\s+(?:si\s+tu\s+etais\s+)?(?:\w+\s+){0,3}?"
               r"(?:sans\s+(?:restrictions?|limites?|filtres?|regles|censure)|malveillant\w*|dan)\b"
               r"|\bmode\s+(?:developpeur|dieu|dan|jailbreak|sans\s+restrictions?)\b",
    "show": r"\b(?:montre\w*|revele\w*|affiche\w*|imprime\w*|repete\w*|dis-moi|dis|ecri[st]\w*|partage\w*|divulgue\w*|"
            r"copie\w*|envoie\w*|donne-moi|donne)",
    "sysp": r"\bprompt\s+(?:du\s+systeme|systeme|initial|original|cache|secret)|\bsystem\s+prompt|\b(?:tes|vos)\s+instructions"
            r"|\binstructions\s+(?:cachees|secretes|internes|du\s+systeme|systeme|d'origine|initiales)|\bmessage\s+(?:du\s+)?systeme",
    "send": r"\b(?:envoi\w*|envoy\w*|transf[eè]r\w*|transmet\w*|publie\w*|poste\w*|partage\w*|televerse\w*|upload\w*|"
            r"export\w*|copie\w*|colle\w*|synchronise\w*|fais\s+suivre)",
    "secret": r"(?<!\w)(?:mots?\s+de\s+passe|cles?\s+(?:d'api|api|ssh|privees?|secretes?|d'acces)|api[\s_-]?keys?|jetons?|tokens?|"
              r"identifiants|secrets|\.env\b|id_rsa|cookies?)",
    "hist": r"\b(?:historique|conversations?|messages\s+de\s+l'utilisateur|donnees\s+(?:personnelles\s+)?de\s+l'utilisateur|"
            r"fichiers\s+de\s+l'utilisateur|(?:ta|la)\s+memoire|discussions?)\b",
    "server": r"\bserveur\s+(?:externe|distant)|\bsite\s+externe",
    "hide": r"\bne\s+(?:(?:lui|le|leur)\s+)?(?:dis|dites|raconte|previens|informe|mentionne|montre|revele)\w*\s+rien\b"
            r"|\bn'en\s+(?:parle|dis|souffle)\w*\s+(?:pas|rien|jamais|mot)\s+(?:a\s+)?l'utilisat\w+"
            r"|\bne\s+(?:le\s+)?(?:dis|dites|mentionne|revele|signale)\w*\s+(?:(?:rien|pas|jamais)\s+)(?:a\s+)?l'utilisat\w+\b"
            r"|\bsans\s+(?:que\s+l'utilisat\w+\s+(?:le\s+)?(?:sache|remarque|s'en\s+apercoive)|(?:le\s+dire|prevenir|informer|en\s+informer)"
            r"\s+(?:a\s+)?l'utilisat\w+|que\s+l'utilisat\w+\s+ne\s+le\s+sache)"
            r"|\bgarde\s+(?:ceci|cela|ca)\s+secret|\b(?:cache|dissimule)\s+(?:ceci|cela|ca)\s+(?:\w+\s+){0,3}?a\s+l'utilisat",
    "sneak": r"\b(?:secretement|en\s+secret|discretement|silencieusement|en\s+cachette|a\s+l'insu)\b",
    "act": r"\b(?:envoi\w*|envoy\w*|execute\w*|lance\w*|copie\w*|supprime\w*|installe\w*|telecharge\w*|transf\w*|publie\w*)",
    "noask": r"\bsans\s+(?:(?:de|me|lui|leur)\s+)?(?:demander|attendre|solliciter)?\s*(?:de\s+|d'|la\s+|l')?(?:confirmation|permission|"
             r"approbation|autorisation|validation|accord)"
             r"|\b(?:pas|plus)\s+besoin\s+de\s+(?:demander\s+)?(?:(?:de\s+|d'|la\s+|l')?(?:confirmation|permission|approbation|"
             r"autorisation|validation))"
             r"|\b(?:confirmation|approbation|autorisation|validation)\s+(?:n'est\s+(?:plus\s+|pas\s+)?(?:necessaire|requise)|inutile)"
             r"|\bne\s+(?:demande|attends)\s+(?:jamais|pas|plus)\s+(?:de\s+|d'|la\s+|l')?(?:confirmation|permission|approbation|"
             r"autorisation|validation)",
    "cmds": r"\b(?:commandes?|n'importe\s+(?:quelle|quoi)|toutes\s+les\s+commandes|tout|supprim\w*|effac\w*|rm|sudo|scripts?|"
            r"terminal|shell|fichiers)\b",
    "restrict": r"\b(?:desactive\w*|coupe\w*|supprime\w*|retire\w*|ignore\w*|contourne\w*|enleve\w*)\s+(?:\w+\s+){0,3}?"
                r"(?:filtres?|restrictions|limitations|protections|garde-fous|regles\s+de\s+securite|controles\s+de\s+securite|"
                r"mode\s+sans\s+echec)\b"
                r"|\b(?:tu\s+n'as|vous\s+n'avez)\s+(?:plus\s+)?(?:aucune?|pas\s+de|plus\s+de)\s+(?:restriction\w*|limite\w*|filtre\w*|"
                r"regle\w*|censure)",
    "free": r"\bsans\s+(?:aucune?\s+)?(?:restrictions?|filtres?|censure|limites?|limitations?|regles)\b",
    "agent": r"\b(?:tu|vous|assistant|ia|bot|agent|modele|mode)\b",
    "dl": r"\b(?:telecharge\w*|recupere\w*|download|curl|wget|va\s+chercher)",
    "run": r"\b(?:execute\w*|lance\w*|installe\w*|demarre\w*|source)\b",
}

IT = {
    "neg": r"\bnon|\bmai",
    "ign": r"\b(?:ignor\w*|dimentic\w*|tralascia\w*|scarta\w*|non\s+seguire\s+piu)",
    "instr": r"\b(?:istruzioni|direttive|indicazioni|linee\s+guida|ordini|prompt\s+di\s+sistema)\b",
    "qual": r"\b(?:tutte|tutti|precedenti|di\s+sopra|originali|iniziali|di\s+sistema|del\s+sistema|tue|finora|ricevute)\b",
    "rules": r"\b(?:regole|restrizioni|politiche|limiti)\b",
    "your": r"\b(?:tue|precedenti|di\s+sistema|di\s+sicurezza)\b",
    "persona": r"\bil\s+tuo\s+(?:nuovo\s+(?:nome|ruolo)|vero\s+nome)\s+(?:e|sara)\b|\bla\s+tua\s+nuova\s+(?:identita|funzione|missione)\b"
               r"|\b(?:fingi|fai\s+finta)\s+di\s+essere\b|\b(?:ora|adesso|da\s+ora\s+in\s+(?:poi|avanti)|d'ora\s+in\s+avanti|"
               r"da\s+adesso(?:\s+in\s+poi)?|d'ora\s+in\s+poi)\s*,?\s+(?:tu\s+)?sei\s+(?:un|una|il|la|libero)\b"
               r"|\b(?:agisci|comportati|rispondi)\s+come\s+(?:se\s+fossi\s+)?(?:\w+\s+){0,3}?(?:senza\s+(?:restrizioni|limiti|filtri|regole"
               r"|censura)|malevol\w*|dan)\b|\bmodalita\s+(?:sviluppatore|dio|dan|jailbreak|senza\s+restrizioni)\b",
    "show": r"\b(?:mostra\w*|rivela\w*|stampa\w*|ripeti\w*|dimmi|scrivi\w*|condividi\w*|divulga\w*|copia\w*|invia\w*|dammi)",
    "sysp": r"\bprompt\s+(?:di\s+sistema|del\s+sistema|iniziale|originale|nascosto|segreto)|\bsystem\s+prompt|\ble\s+tue\s+istruzioni"
            r"|\bistruzioni\s+(?:nascoste|segrete|interne|di\s+sistema|del\s+sistema|originali)|\bmessaggio\s+di\s+sistema",
    "send": r"\b(?:invia\w*|manda\w*|inoltra\w*|trasmett\w*|pubblica\w*|posta\w*|condividi\w*|carica\w*|esporta\w*|copia\w*|"
            r"incolla\w*|trasferisci\w*|sincronizza\w*)",
    "secret": r"(?<!\w)(?:password|chiavi?\s+(?:api|ssh|private?|segrete?|di\s+accesso)|api[\s_-]?keys?|token|credenziali|segreti|"
              r"\.env\b|id_rsa|cookies?)",
    "hist": r"\b(?:cronologia|conversazion\w+|chat|messaggi\s+dell'utente|dati\s+(?:personali\s+)?dell'utente|file\s+dell'utente|"
            r"(?:tua|la)\s+memoria|storico)\b",
    "server": r"\bserver\s+(?:esterno|remoto)|\bsito\s+esterno",
    "hide": r"\bnon\s+(?:dire|dirlo|raccontare|avvisare|informare|menzionare|mostrare|rivelare)\w*\s+(?:niente\s+|nulla\s+)?"
            r"(?:(?:all'|a\s+l')utente|agli\s+utenti)\b|\bnon\s+(?:dire|menzionare)\s+(?:niente|nulla)\b"
            r"|\bsenza\s+(?:che\s+l'utente\s+(?:lo\s+)?(?:sappia|noti|se\s+ne\s+accorga)|(?:avvisare|informare|dirlo\s+a)\s+l'utente)"
            r"|\b(?:tieni|mantieni)\s+(?:questo|cio)\s+(?:segreto|nascosto)|\bnascondi\w*\s+(?:\w+\s+){0,3}?all'utente",
    "sneak": r"\b(?:segretamente|in\s+segreto|silenziosamente|di\s+nascosto|di\s+soppiatto|senza\s+farti\s+notare)\b",
    "act": r"\b(?:invia\w*|manda\w*|esegu\w*|copia\w*|cancella\w*|installa\w*|scarica\w*|inoltra\w*|carica\w*|lancia\w*)",
    "noask": r"\bsenza\s+(?:chiedere|domandare|attendere)?\s*(?:la\s+|il\s+|alcun\w*\s+)?(?:conferma|permesso|approvazione|"
             r"autorizzazione|consenso)"
             r"|\bnon\s+(?:e|serve)\s+(?:piu\s+)?(?:necessari[oa]|bisogno\s+di)\s+(?:chiedere\s+)?(?:la\s+)?(?:conferma|permesso|approvazione)"
             r"|\b(?:conferma|approvazione|autorizzazione)\s+non\s+(?:e|serve)\s+(?:piu\s+)?(?:necessaria|richiesta)",
    "cmds": r"\b(?:comand[oi]|qualsiasi\s+(?:cosa|azione)|tutti\s+i\s+comandi|tutto|cancell\w*|elimin\w*|rm|sudo|script|"
            r"terminale|shell|file)\b",
    "restrict": r"\b(?:disattiva\w*|spegni\w*|disabilita\w*|rimuovi\w*|ignora\w*|aggira\w*|togli\w*)\s+(?:\w+\s+){0,3}?"
                r"(?:filtri|restrizioni|limitazioni|protezioni|salvaguardie|guardrail|regole\s+di\s+sicurezza|controlli\s+di\s+sicurezza)\b"
                r"|\bnon\s+hai\s+(?:piu\s+)?(?:alcun[ao]?\s+|nessun[ao]?\s+)?(?:restrizion\w*|limit\w*|filtr\w*|regol\w*|censura)",
    "free": r"\bsenza\s+(?:alcun[ao]?\s+|nessun[ao]?\s+)?(?:restrizioni|filtri|censura|limiti|regole)\b",
    "agent": r"\b(?:sei|tu|assistente|ia|bot|agente|modello|modalita)\b",
    "dl": r"\b(?:scarica\w*|recupera\w*|download|curl|wget|preleva\w*)",
    "run": r"\b(?:esegu\w*|lancia\w*|avvia\w*|installa\w*|source)\b",
}

RULES = (build(word_gate("voce nao seu sua seus suas uma dos das pelo pela agora todas todos anteriores usuario senha senhas "
                         "chave chaves arquivo arquivos para copie sem isso isto esta este essa esse qualquer instrucoes sistema mostre revele exiba imprima envie "
                         "mande baixe desative desligue finja aja atue filtros seguranca credenciais"), PT)
         + build(word_gate("las los del tus sus todas todos ahora eres tienes restricciones sin usuario contrasena contrasenas claves esto "
                           "esta cualquier necesario instrucciones sistema muestra muestrame revela envia manda descarga desactiva "
                           "finge actua filtros seguridad credenciales"), ES)
         + build(word_gate("les des tes vos toutes tous tu vous sans utilisateur utilisatrice mots cles ceci cela rien "
                           "besoin commandes instructions systeme montre revele affiche envoie telecharge desactive "
                           "agis filtres securite identifiants"), FR)
         + build(word_gate("le tutte tutti tue tuo senza utente il della sei che chiavi questo qualsiasi comandi "
                           "istruzioni sistema mostra rivela invia manda scarica disattiva fingi agisci filtri sicurezza "
                           "credenziali"), IT))
