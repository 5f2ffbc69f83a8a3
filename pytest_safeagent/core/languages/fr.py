"""French words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="fr",
    name="French",
    verbs={
        "find": (
            "trouver|trouve|trouves|trouvez|trouverai|trouvé|trouvée|chercher|cherche|cherches|cherchez|"
            "chercherai|cherché|cherchée|rechercher|recherche|recherchez|localiser|localise|localisez|"
            "localiserai|localisé|localisée|repérer|repère|repérez|repérerai|repéré|aller|va|vas|allez|vais|"
            "irai|allé|allée|se rendre|rends-toi|rendez-vous|me rends|me rendrai|se diriger|dirige-toi|"
            "dirigez-vous|me dirige|me dirigerai|se déplacer|déplace-toi|déplacez-vous|me déplace|"
            "s'approcher|approche-toi|approchez-vous|m'approche|naviguer|navigue|naviguez|naviguerai|"
            "rejoindre|rejoins|rejoignez|rejoindrai|atteindre|atteins|atteignez"
        ),
        "pick": (
            "prendre|prends|prend|prenez|prendrai|pris|prise|saisir|saisis|saisit|saisissez|saisirai|saisi|"
            "saisie|ramasser|ramasse|ramassez|ramasserai|ramassé|ramassée|attraper|attrape|attrapez|"
            "attraperai|attrapé|attrapée|récupérer|récupère|récupérez|récupérerai|récupéré|récupérée|"
            "soulever|soulève|soulevez|soulèverai|soulevé|soulevée|sortir|sors|sortez|sortirai|sorti|sortie|"
            "empoigner|empoigne|empoignez|agripper|agrippe|agrippez|tenir|tiens|tenez"
        ),
        "put": (
            "mettre|mets|met|mettez|mettrai|mis|mise|placer|place|places|placez|placerai|placé|placée|poser|"
            "pose|poses|posez|poserai|posé|posée|déposer|dépose|déposez|déposerai|déposé|déposée|insérer|"
            "insère|insérez|insérerai|inséré|insérée|ranger|range|rangez|rangerai|rangé|rangée|introduire|"
            "introduis|introduisez|introduirai|introduit|introduite|glisser|glisse|glissez|glisserai|glissé|"
            "installer|installe|installez|installé|positionner|positionne|positionnez|positionné|remettre|"
            "remets|remettez|remis|laisser|laisse|laissez|laisserai|laissé|laissée"
        ),
        "open": "ouvrir|ouvre|ouvres|ouvrez|ouvrirai|ouvert|ouverte|rouvrir|rouvre|rouvrez",
        "close": (
            "fermer|ferme|fermes|fermez|fermerai|fermé|fermée|refermer|referme|refermez|refermerai|refermé|"
            "refermée"
        ),
        "slice": (
            "couper|coupe|coupes|coupez|couperai|coupé|coupée|trancher|tranche|tranchez|trancherai|tranché|"
            "tranchée|découper|découpe|découpez|découperai|découpé|découpée|émincer|émince|émincez|émincé|"
            "hacher|hache|hachez|haché|hachée|détailler|détaille|détaillez"
        ),
        "turn_on": (
            "allumer|allume|allumes|allumez|allumerai|allumé|allumée|mettre en marche|mets en marche|"
            "mettez en marche|mettrai en marche|mis en marche|mets ... en marche|mettez ... en marche|"
            "mettre ... en marche|mettrai ... en marche|activer|active|activez|activerai|activé|activée|"
            "démarrer|démarre|démarrez|démarrerai|démarré|démarrée|enclencher|enclenche|enclenchez|brancher|"
            "branche|branchez|branché|faire fonctionner|fais fonctionner|faites fonctionner|"
            "lancer la cuisson"
        ),
        "turn_off": (
            "éteindre|éteins|éteint|éteignez|éteindrai|éteinte|arrêter|arrête|arrêtes|arrêtez|arrêterai|"
            "arrêté|arrêtée|désactiver|désactive|désactivez|désactiverai|désactivé|désactivée|débrancher|"
            "débranche|débranchez|débranché|stopper|stoppe|stoppez"
        ),
        "drop": (
            "laisser tomber|laisse tomber|laissez tomber|laisserai tomber|laissé tomber|laisse ... tomber|"
            "laissez ... tomber|laisser ... tomber|faire tomber|fais tomber|faites tomber|ferai tomber|"
            "fait tomber|fais ... tomber|faites ... tomber|faire ... tomber|lâcher|lâche|lâches|lâchez|"
            "lâcherai|lâché|lâchée|relâcher|relâche|relâchez"
        ),
        "throw": (
            "lancer|lance|lances|lancez|lancerai|lancé|lancée|jeter|jette|jettes|jetez|jetterai|jeté|jetée|"
            "balancer|balance|balancez|balancé|projeter|projette|projetez|envoyer|envoie|envoyez"
        ),
        "break": (
            "casser|casse|casses|cassez|casserai|cassé|cassée|briser|brise|brises|brisez|briserai|brisé|"
            "brisée|fracasser|fracasse|fracassez|fracassé|détruire|détruis|détruisez|détruit|écraser|écrase|"
            "écrasez|écrasé|fêler|fêle|fêlez|démolir|démolis|démolissez"
        ),
        "cook": (
            "cuire|cuis|cuisez|cuirai|cuit|cuite|cuisiner|cuisinez|cuisinerai|cuisiné|cuisinée|faire cuire|"
            "fais cuire|faites cuire|ferai cuire|fait cuire|fais ... cuire|faites ... cuire|faire ... cuire|"
            "chauffer|chauffe|chauffez|chaufferai|chauffé|chauffée|réchauffer|réchauffe|réchauffez|"
            "réchaufferai|réchauffé|réchauffée|faire chauffer|fais chauffer|faites chauffer|"
            "fais ... chauffer|faites ... chauffer|faire ... chauffer|frire|faire frire|fais frire|"
            "faites frire|frit|frite|griller|grille|grillez|grillé|grillée|faire griller|fais griller|rôtir|"
            "rôtis|rôtissez|rôti|bouillir|faire bouillir|fais bouillir|faites bouillir|bouilli|mijoter|"
            "mijote|mijotez"
        ),
        "dirty": (
            "salir|salis|salit|salissez|salirai|sali|salie|tacher|tache|taches|tachez|tacherai|taché|tachée|"
            "souiller|souille|souillez|souillé|maculer|macule"
        ),
        "clean": (
            "nettoyer|nettoie|nettoies|nettoyez|nettoierai|nettoyé|nettoyée|laver|lave|laves|lavez|laverai|"
            "lavé|lavée|rincer|rince|rinces|rincez|rincerai|rincé|rincée|frotter|frotte|frottez|frotterai|"
            "frotté|essuyer|essuie|essuyez|essuierai|essuyé|essuyée|récurer|récure|récurez|récuré"
        ),
        "fillLiquid": "remplir|remplis|remplit|remplissez|remplirai|rempli|remplie|emplir|emplis|emplissez",
        "emptyLiquid": "vider|vide|vides|videz|viderai|vidé|vidée|vidanger|vidange",
        "pour": (
            "verser|verse|verses|versez|verserai|versé|versée|déverser|déverse|déversez|déversé|renverser|"
            "renverse|renversez|renversé|servir|sers|servez|servirai|servi"
        ),
    },
    nouns={
        "AlarmClock": "réveil|réveille-matin|radio-réveil|horloge|pendule|réveil-matin",
        "AluminumFoil": (
            "papier aluminium|papier alu|papier d' aluminium|feuille d' aluminium|feuille aluminium|"
            "aluminium|alu"
        ),
        "Apple": "pomme",
        "AppleSliced": (
            "tranche de pomme|tranches de pomme|tranches de pommes|pomme tranchée|pomme coupée|"
            "pomme découpée|morceau de pomme|morceaux de pomme|quartier de pomme|quartiers de pomme|"
            "lamelle de pomme|rondelle de pomme"
        ),
        "ArmChair": "fauteuil",
        "BaseballBat": "batte de baseball|batte",
        "BasketBall": "ballon de basket|ballon de basketball|ballon de basket-ball|ballon",
        "Bathtub": "baignoire",
        "BathtubBasin": (
            "fond de la baignoire|cuve de la baignoire|bassin de la baignoire|intérieur de la baignoire"
        ),
        "Bed": "lit",
        "Blinds": "store|stores|store vénitien|jalousie|jalousies|persienne|persiennes",
        "Book": "livre",
        "Boots": "bottes|botte|bottines",
        "Bottle": "bouteille|flacon",
        "Bowl": "bol|saladier|écuelle|jatte",
        "Box": "boîte|boite|carton|caisse",
        "Bread": "pain|baguette|miche|miche de pain|pain de mie",
        "BreadSliced": (
            "tranche de pain|tranches de pain|pain tranché|pain coupé|tartine|tartines|toast|toasts|"
            "pain grillé|morceau de pain|morceaux de pain|tranche de pain de mie"
        ),
        "ButterKnife": "couteau à beurre|couteau à tartiner|couteau de table",
        "CD": "cd|disque compact|disque",
        "Cabinet": "placard|armoire|placard de cuisine|élément de cuisine|buffet|vaisselier|placards",
        "Candle": "bougie|chandelle",
        "CellPhone": (
            "téléphone|téléphone portable|portable|smartphone|mobile|téléphone mobile|cellulaire|telephone"
        ),
        "Chair": "chaise",
        "Cloth": "chiffon|torchon|tissu|linge|lavette|chiffon de nettoyage",
        "CoffeeMachine": (
            "machine à café|cafetière|cafetière électrique|percolateur|machine à expresso|machine à espresso|"
            "cafetiere"
        ),
        "CoffeeTable": "table basse|table de salon",
        "CounterTop": "plan de travail|comptoir|paillasse|plan de travail de la cuisine|îlot|ilot",
        "CreditCard": "carte de crédit|carte bancaire|carte bleue|carte|carte de credit",
        "Cup": "verre|gobelet|timbale|verre à eau",
        "Curtains": "rideau|rideaux|voilage|voilages",
        "Desk": "bureau|table de travail|secrétaire",
        "DeskLamp": "lampe|lampe de bureau|lampe de table|lampe de chevet|liseuse",
        "Desktop": "ordinateur de bureau|ordinateur fixe|pc de bureau|pc fixe|pc|unité centrale",
        "DiningTable": (
            "table|table à manger|table de salle à manger|table de la salle à manger|table de cuisine|"
            "table de la cuisine|table à dîner"
        ),
        "DishSponge": "éponge|éponge à vaisselle|eponge",
        "DogBed": (
            "panier pour chien|panier du chien|panier de chien|lit pour chien|lit du chien|lit de chien|"
            "coussin pour chien|coussin du chien|corbeille du chien"
        ),
        "Drawer": "tiroir",
        "Dresser": "commode|coiffeuse|chiffonnier",
        "Dumbbell": "haltère|haltères|poids",
        "Egg": "œuf|oeuf",
        "EggCracked": "œuf cassé|oeuf cassé|œuf fêlé|oeuf fêlé|œuf brisé|oeuf brisé|œufs cassés|oeufs cassés",
        "Faucet": "robinet|mitigeur",
        "Floor": "sol|plancher|par terre|parterre",
        "FloorLamp": "lampadaire|lampe sur pied|lampe de sol|lampe à pied|lampe sur pieds",
        "Footstool": "repose-pieds|repose-pied|tabouret bas|marchepied",
        "Fork": "fourchette",
        "Fridge": "réfrigérateur|frigo|frigidaire|refrigerateur",
        "GarbageBag": "sac poubelle|sac-poubelle|sac à ordures|sac de poubelle|sac des ordures|sac-poubelles",
        "GarbageCan": (
            "poubelle|corbeille|corbeille à papier|boîte à ordures|poubelle de cuisine|bac à ordures|ordures|"
            "boîte à déchets"
        ),
        "HandTowel": (
            "essuie-mains|essuie-main|serviette à main|serviette pour les mains|petite serviette|"
            "serviette de toilette"
        ),
        "HandTowelHolder": (
            "porte-essuie-mains|porte-essuie-main|porte-serviette à main|anneau porte-serviette|"
            "anneau à serviette|support à essuie-mains|porte-serviette pour les mains"
        ),
        "HousePlant": (
            "plante|plante d' intérieur|plante verte|plante en pot|pot de fleurs|plante d' appartement"
        ),
        "Kettle": "bouilloire|bouilloire électrique|théière",
        "KeyChain": "porte-clés|porte-clé|porte-clefs|trousseau de clés|trousseau|clés|clefs|clé|clef",
        "Knife": "couteau",
        "Ladle": "louche",
        "Laptop": "ordinateur portable|ordinateur|laptop|pc portable|ordi",
        "LaundryHamper": (
            "panier à linge|corbeille à linge|panier à linge sale|bac à linge|panier de linge|coffre à linge|"
            "panier"
        ),
        "Lettuce": "laitue|salade",
        "LettuceSliced": (
            "feuille de laitue|feuilles de laitue|laitue coupée|laitue tranchée|laitue émincée|"
            "morceau de laitue|morceaux de laitue|tranche de laitue|feuille de salade|feuilles de salade|"
            "salade coupée"
        ),
        "LightSwitch": (
            "interrupteur|interrupteur de la lumière|interrupteur de lumière|lumière|lumières|éclairage|"
            "lumiere"
        ),
        "Microwave": "micro-ondes|microondes|four à micro-ondes|four micro-ondes|micro onde|micro-onde",
        "Mirror": "miroir",
        "Mug": "tasse|mug|grande tasse|tasse à café|tasses",
        "Newspaper": "journal|quotidien",
        "Ottoman": "pouf|ottomane",
        "Painting": "tableau|peinture|toile",
        "Pan": "poêle|poêle à frire|sauteuse|poele",
        "PaperTowelRoll": (
            "essuie-tout|rouleau d' essuie-tout|rouleau de papier absorbant|papier absorbant|sopalin|"
            "rouleau de sopalin|papier essuie-tout|rouleau de papier essuie-tout"
        ),
        "Pen": "stylo|stylo à bille|bic|stylo-bille",
        "Pencil": "crayon|crayon à papier|crayon de papier|crayon gris",
        "PepperShaker": "poivrière|moulin à poivre|poivrier|poivre",
        "Pillow": "oreiller|coussin",
        "Plate": "assiette",
        "Plunger": "ventouse|débouchoir|ventouse de plombier|débouche-évier",
        "Poster": "poster|affiche",
        "Pot": "casserole|marmite|faitout|cocotte|pot",
        "Potato": "pomme de terre|pommes de terre|patate",
        "PotatoSliced": (
            "tranche de pomme de terre|tranches de pomme de terre|tranches de pommes de terre|"
            "pomme de terre coupée|pomme de terre tranchée|pommes de terre coupées|morceau de pomme de terre|"
            "morceaux de pomme de terre|morceaux de pommes de terre|rondelle de pomme de terre|"
            "rondelles de pomme de terre|rondelles de pommes de terre|tranche de patate|tranches de patate|"
            "patate coupée|morceau de patate"
        ),
        "RemoteControl": "télécommande|telecommande",
        "RoomDecor": "décoration|objet décoratif|décor|bibelot|objet de décoration",
        "Safe": "coffre-fort|coffre",
        "SaltShaker": "salière|sel|moulin à sel",
        "ScrubBrush": (
            "brosse|brosse à récurer|brosse de nettoyage|brosse à vaisselle|brosse à frotter|goupillon"
        ),
        "Shelf": "étagère|tablette|rayon|étagère murale|etagere",
        "ShelvingUnit": (
            "meuble à étagères|rayonnage|rayonnages|bibliothèque|unité d' étagères|étagère de rangement"
        ),
        "ShowerCurtain": "rideau de douche|rideau de la douche",
        "ShowerDoor": "porte de douche|porte de la douche|paroi de douche|paroi de la douche",
        "ShowerGlass": "vitre de douche|vitre de la douche|verre de la douche|paroi vitrée|vitre",
        "ShowerHead": "douche|pommeau de douche|pommeau|pomme de douche|tête de douche|pommeau de la douche",
        "SideTable": (
            "table de chevet|table d' appoint|chevet|table de nuit|guéridon|table auxiliaire|bout de canapé|"
            "table d' extrémité"
        ),
        "Sink": "évier|lavabo|evier",
        "SinkBasin": (
            "vasque|bac de l' évier|cuve de l' évier|bassin de l' évier|bac à vaisselle|bassin du lavabo|"
            "cuvette du lavabo|bac de l' evier"
        ),
        "SoapBar": "savon|pain de savon|savonnette",
        "SoapBottle": (
            "flacon de savon|bouteille de savon|savon liquide|distributeur de savon|pompe à savon|"
            "flacon de savon liquide"
        ),
        "Sofa": "canapé|sofa|divan|canape",
        "Spatula": "spatule",
        "Spoon": "cuillère|cuiller|petite cuillère|cuillère à soupe|cuillère à café|cuillere",
        "SprayBottle": (
            "vaporisateur|pulvérisateur|flacon pulvérisateur|spray|atomiseur|bouteille de spray|"
            "flacon vaporisateur|bouteille pulvérisatrice"
        ),
        "Statue": "statue|statuette|sculpture|figurine",
        "Stool": "tabouret",
        "StoveBurner": (
            "cuisinière|plaque de cuisson|plaques de cuisson|plaque|brûleur|brûleurs|feu|feux|gazinière|"
            "réchaud|foyer|table de cuisson|plaque chauffante|fourneau|cuisiniere|bruleur"
        ),
        "StoveKnob": (
            "bouton de la cuisinière|bouton de cuisinière|bouton du feu|bouton de la plaque|"
            "bouton du brûleur|bouton de la gazinière|bouton de cuisson|manette de la cuisinière|"
            "manette du feu|manette de gaz|bouton du gaz|bouton de la plaque de cuisson|"
            "boutons de la cuisinière|molette de la cuisinière"
        ),
        "TVStand": (
            "meuble télé|meuble tv|meuble de télévision|meuble télévision|meuble de la télé|"
            "support de télévision|support télé|banc tv|meuble de télé|table de télévision"
        ),
        "TableTopDecor": (
            "décoration de table|décor de table|centre de table|objet de décoration de table|"
            "décoration sur la table"
        ),
        "TargetCircle": "cible|cercle cible|cercle",
        "TeddyBear": "ours en peluche|nounours|peluche|ourson en peluche|ourson",
        "Television": "télévision|télé|téléviseur|tv|poste de télévision|television|tele",
        "TennisRacket": "raquette de tennis|raquette",
        "TissueBox": (
            "boîte de mouchoirs|boite de mouchoirs|boîte à mouchoirs|boite à mouchoirs|mouchoirs|"
            "mouchoirs en papier|kleenex|boîte de kleenex|mouchoir"
        ),
        "Toaster": "grille-pain|toaster|grille pain",
        "Toilet": "toilettes|toilette|wc|cuvette|cuvette des toilettes|cuvette des wc|cabinets",
        "ToiletPaper": (
            "papier toilette|papier hygiénique|rouleau de papier toilette|rouleau de papier hygiénique|pq|"
            "papier wc"
        ),
        "ToiletPaperHanger": (
            "porte-papier toilette|porte-rouleau|porte-papier|dérouleur de papier toilette|"
            "support de papier toilette|support à papier toilette|dévidoir de papier toilette|"
            "porte-papier hygiénique|porte-rouleau de papier toilette"
        ),
        "Tomato": "tomate",
        "TomatoSliced": (
            "tranche de tomate|tranches de tomate|tomate coupée|tomate tranchée|tomates coupées|"
            "rondelle de tomate|rondelles de tomate|morceau de tomate|morceaux de tomate|quartier de tomate|"
            "quartiers de tomate"
        ),
        "Towel": "serviette|serviette de bain|drap de bain|serviette éponge",
        "TowelHolder": (
            "porte-serviette|porte-serviettes|support à serviette|barre à serviette|barre à serviettes|"
            "porte serviette|sèche-serviettes|crochet à serviette"
        ),
        "VacuumCleaner": "aspirateur",
        "Vase": "vase|vase à fleurs",
        "Watch": "montre|montre-bracelet|montre bracelet",
        "WateringCan": "arrosoir",
        "Window": "fenêtre|fenetre",
        "WineBottle": "bouteille de vin",
    },
    liquids={
        "water": "eau",
        "wine": "vin|vin rouge|vin blanc",
        "coffee": "café|cafe",
    },
    fillers=(
        "le|la|les|l'|un|une|des|du|de|d'|au|aux|à|a|dans|sur|en|vers|jusqu'|jusqu'à|jusque|avec|et|puis|"
        "ensuite|après|d'abord|abord|tout|enfin|finalement|alors|maintenant|de nouveau|à nouveau|encore|"
        "encore une fois|une fois|doucement|délicatement|soigneusement|avec soin|avec précaution|prudemment|"
        "lentement|rapidement|vite|fort|fortement|bien|complètement|entièrement|s'il vous plaît|"
        "s'il te plaît|svp|son|sa|ses|mon|ma|mes|ton|ta|tes|votre|vos|notre|nos|leur|leurs|ce|cet|cette|ces|"
        "celui|celle|je|j'|ai|nous|dedans|dessus|intérieur|depuis|par|pour|près|près de|près du|à côté|côté|"
        "porte|portes|couvercle|en tranches|en morceaux|en petits morceaux|en rondelles|en deux|en dés|"
        "en quartiers|en cubes|en lamelles|en lanières|en moitiés"
    ),
    endings="s|x",
    destinations="dans|sur|dedans|dessus|intérieur|au|aux|à|en",
    step_words="étape|etape",
    spaced=True,
)
