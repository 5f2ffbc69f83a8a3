"""Spanish words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="es",
    name="Spanish",
    verbs={
        "find": (
            "encontrar|encuentra|encuentre|encuentro|encontraré|encontré|encontrado|encuéntralo|encuéntrala|"
            "buscar|busca|busque|busco|buscaré|busqué|buscado|búscalo|búscala|localizar|localiza|localice|"
            "localizo|localizaré|localicé|localizado|localízalo|localízala|ir|ve|vaya|voy|iré|fui|ir hacia|"
            "dirígete|diríjase|dirigirse|me dirijo|me dirigiré|me dirigí|acércate|acérquese|acercarse|"
            "me acerco|me acercaré|navegar|navega|navegue|navego|camina|camine|caminar|camino|desplázate|"
            "desplácese|desplazarse|me desplazo|ubicar|ubica|ubique|ubico|ubiqué|identificar|identifica|"
            "identifique|identifico"
        ),
        "pick": (
            "coger|coge|coja|cojo|cogeré|cogí|cogido|cógelo|cógela|tomar|toma|tome|tomo|tomaré|tomé|tomado|"
            "tómalo|tómala|agarrar|agarra|agarre|agarro|agarraré|agarré|agarrado|agárralo|agárrala|recoger|"
            "recoge|recoja|recojo|recogeré|recogí|recogido|recógelo|recógela|levantar|levanta|levante|"
            "levanto|levantaré|levanté|levantado|levántalo|levántala|sujetar|sujeta|sujete|sujeto|sujeté|"
            "alzar|alza|alce|alzo|sacar|saca|saque|saco|sacaré|saqué|sacado|sácalo|sácala|pillar|pilla|pille"
        ),
        "put": (
            "poner|pon|ponga|pongo|pondré|puse|puesto|puesta|ponlo|ponla|póngalo|póngala|colocar|coloca|"
            "coloque|coloco|colocaré|coloqué|colocado|colocada|colócalo|colócala|colóquelo|colóquela|meter|"
            "mete|meta|meto|meteré|metí|metido|metida|mételo|métela|dejar|deja|deje|dejo|dejaré|dejé|dejado|"
            "dejada|déjalo|déjala|introducir|introduce|introduzca|introduzco|introduciré|introduje|"
            "introducido|insertar|inserta|inserte|inserto|insertaré|inserté|insertado|situar|sitúa|sitúe|"
            "sitúo|depositar|deposita|deposite|deposito|depositaré|deposité|depositado|guardar|guarda|guarde|"
            "guardo|guardaré|guardé|guardado|guárdalo|guárdala|posar|posa|pose|poso|apoyar|apoya|apoye|apoyo|"
            "apoyé|acomodar|acomoda|acomode"
        ),
        "open": "abrir|abre|abra|abro|abriré|abrí|abierto|abierta|ábrelo|ábrela|ábralo|ábrala",
        "close": (
            "cerrar|cierra|cierre|cierro|cerraré|cerré|cerrado|cerrada|ciérralo|ciérrala|ciérrelo|ciérrela"
        ),
        "slice": (
            "cortar|corta|corte|corto|cortaré|corté|cortado|cortada|córtalo|córtala|rebanar|rebana|rebane|"
            "rebano|rebanaré|rebané|rebanado|rebanada|trocear|trocea|trocee|troceo|trocearé|troceé|troceado|"
            "picar|pica|pique|pico|picaré|piqué|filetear|filetea|filetee|rodajear|trinchar|trincha|trinche"
        ),
        "turn_on": (
            "encender|enciende|encienda|enciendo|encenderé|encendí|encendido|encendida|enciéndelo|enciéndela|"
            "enciéndalo|enciéndala|prender|prende|prenda|prendo|prenderé|prendí|prendido|activar|activa|"
            "active|activo|activaré|activé|activado|conectar|conecta|conecte|conecto|conecté|poner en marcha|"
            "pon en marcha|ponga en marcha|pongo en marcha|puse en marcha|arrancar|arranca|arranque|arranco|"
            "arranqué|accionar|acciona|accione"
        ),
        "turn_off": (
            "apagar|apaga|apague|apago|apagaré|apagué|apagado|apagada|apágalo|apágala|apáguelo|apáguela|"
            "desactivar|desactiva|desactive|desactivo|desactivaré|desactivé|desactivado|desconectar|"
            "desconecta|desconecte|desconecto|desconecté|detener|detén|detenga|detengo|detuve"
        ),
        "drop": (
            "dejar caer|deja caer|deje caer|dejo caer|dejaré caer|dejé caer|déjalo caer|déjala caer|soltar|"
            "suelta|suelte|suelto|soltaré|solté|soltado|suéltalo|suéltala|tirar al suelo|tira al suelo"
        ),
        "throw": (
            "lanzar|lanza|lance|lanzo|lanzaré|lancé|lanzado|lánzalo|lánzala|arrojar|arroja|arroje|arrojo|"
            "arrojaré|arrojé|arrojado|arrójalo|arrójala|tirar|tira|tire|tiro|tiraré|tiré|tirado|tíralo|"
            "tírala|aventar|avienta|aviente"
        ),
        "break": (
            "romper|rompe|rompa|rompo|romperé|rompí|roto|rota|rómpelo|rómpela|quebrar|quiebra|quiebre|"
            "quiebro|quebré|quebrado|destrozar|destroza|destroce|destrozo|destrocé|destrozado|hacer añicos|"
            "haz añicos|haga añicos|hago añicos|estrellar|estrella|estrelle|estrello|estrellé|cascar|casca|"
            "casque|casco|casqué|despedazar|despedaza|despedace|aplastar|aplasta|aplaste|aplasto"
        ),
        "cook": (
            "cocinar|cocine|cocino|cocinaré|cociné|cocinado|cocinada|cocínalo|cocínala|cocer|cuece|cueza|"
            "cuezo|coceré|cocí|cocido|cocida|freír|fríe|freiré|freí|frito|frita|asar|asa|ase|aso|asaré|asé|"
            "asado|asada|hornear|hornea|hornee|horneo|hornearé|horneé|horneado|calentar|calienta|caliento|"
            "calentaré|calenté|calentado|tostar|tuesta|tueste|tuesto|tostaré|tosté|tostado|hervir|hierve|"
            "hierva|hiervo|herviré|herví|hervido|guisar|guisa|guise|recalentar|recalienta|recaliente"
        ),
        "dirty": (
            "ensuciar|ensucia|ensucie|ensucio|ensuciaré|ensucié|ensuciado|ensuciada|manchar|mancha|manche|"
            "mancho|mancharé|manché|manchado|manchada"
        ),
        "clean": (
            "limpiar|limpia|limpie|limpio|limpiaré|limpié|limpiado|límpialo|límpiala|lavar|lava|lave|lavo|"
            "lavaré|lavé|lavado|lavada|lávalo|lávala|fregar|friega|friegue|friego|fregaré|fregué|fregado|"
            "enjuagar|enjuaga|enjuague|enjuago|enjuagué|restregar|restriega|restriegue|frotar|frota|frote|"
            "froto|froté|aclarar|aclara|aclare"
        ),
        "fillLiquid": (
            "llenar|llena|llene|lleno|llenaré|llené|llenado|llénalo|llénala|rellenar|rellena|rellene|relleno|"
            "rellenaré|rellené|rellenado"
        ),
        "emptyLiquid": "vaciar|vacía|vacíe|vacío|vaciaré|vacié|vaciado|vaciada|vacíalo|vacíala",
        "pour": (
            "verter|vierte|vierta|vierto|verteré|vertí|vertido|viértelo|viértela|echar|echa|eche|echo|echaré|"
            "eché|echado|servir|sirve|sirva|sirvo|serviré|serví|servido|derramar|derrama|derrame|derramo|"
            "derramé|volcar|vuelca|vuelque|vuelco|volqué"
        ),
    },
    nouns={
        "AlarmClock": "despertador|reloj despertador|reloj|reloj de pared|reloj de mesa|alarma",
        "AluminumFoil": (
            "papel de aluminio|papel aluminio|papel de plata|aluminio|lámina de aluminio|hoja de aluminio"
        ),
        "Apple": "manzana",
        "AppleSliced": (
            "rodaja de manzana|rodajas de manzana|manzana cortada|manzana rebanada|manzana troceada|"
            "trozo de manzana|trozos de manzana|gajo de manzana|gajos de manzana|pedazo de manzana|"
            "rebanada de manzana|rebanadas de manzana"
        ),
        "ArmChair": "sillón|butaca|sillón reclinable",
        "BaseballBat": "bate de béisbol|bate de beisbol|bate",
        "BasketBall": (
            "balón de baloncesto|pelota de baloncesto|balón de básquet|pelota de básquet|balón de básquetbol|"
            "pelota de básquetbol|balón|pelota"
        ),
        "Bathtub": "bañera|tina|bañadera|tina de baño",
        "BathtubBasin": "interior de la bañera|fondo de la bañera|cuenca de la bañera|pila de la bañera",
        "Bed": "cama",
        "Blinds": "persiana|persianas|estor|estores|cortina de lamas",
        "Book": "libro",
        "Boots": "botas|bota|botines",
        "Bottle": "botella|frasco",
        "Bowl": "cuenco|tazón|bol|plato hondo|ensaladera",
        "Box": "caja|caja de cartón",
        "Bread": "pan|barra de pan|hogaza|pan de molde|hogaza de pan",
        "BreadSliced": (
            "rebanada de pan|rebanadas de pan|rodaja de pan|rodajas de pan|pan rebanado|pan cortado|"
            "trozo de pan|trozos de pan|tostada|tostadas|pan tostado"
        ),
        "ButterKnife": (
            "cuchillo de mantequilla|cuchillo para mantequilla|cuchillo de untar|untador|cuchillo de mesa"
        ),
        "CD": "cd|disco compacto|disco",
        "Cabinet": "armario|gabinete|alacena|armario de cocina|armarito|despensa|aparador",
        "Candle": "vela|cirio",
        "CellPhone": "teléfono móvil|móvil|celular|teléfono|teléfono celular|smartphone|teléfono inteligente",
        "Chair": "silla",
        "Cloth": "paño|trapo|tela|bayeta|paño de cocina|trapo de cocina",
        "CoffeeMachine": "cafetera|máquina de café|cafetera eléctrica|máquina de espresso|máquina de expreso",
        "CoffeeTable": "mesa de centro|mesita de centro|mesa de café|mesa baja",
        "CounterTop": "encimera|mostrador|mesada|superficie de trabajo|barra de cocina|mesón|cubierta",
        "CreditCard": "tarjeta de crédito|tarjeta|tarjeta bancaria",
        "Cup": "vaso|copa|vaso de vidrio|vasito",
        "Curtains": "cortina|cortinas",
        "Desk": "escritorio|mesa de escritorio|mesa de trabajo|mesa de estudio",
        "DeskLamp": "lámpara|lámpara de escritorio|lámpara de mesa|flexo|lamparita",
        "Desktop": (
            "ordenador de sobremesa|ordenador de escritorio|computadora de escritorio|"
            "computador de escritorio|pc de escritorio|pc de sobremesa|pc"
        ),
        "DiningTable": "mesa|mesa de comedor|mesa del comedor|mesa de la cocina|mesa de cocina",
        "DishSponge": "esponja|esponja de cocina|esponja de fregar|estropajo|esponja para platos",
        "DogBed": (
            "cama de perro|cama del perro|cama para perro|cama para perros|camita del perro|cojín del perro|"
            "cama de mascota"
        ),
        "Drawer": "cajón|cajones|gaveta",
        "Dresser": "cómoda|tocador|cajonera",
        "Dumbbell": "mancuerna|mancuernas|pesa|pesas",
        "Egg": "huevo",
        "EggCracked": "huevo roto|huevo cascado|huevo partido|huevo quebrado|huevo abierto|huevos rotos",
        "Faucet": (
            "grifo|llave del agua|llave de agua|llave del grifo|canilla|grifería|llave del fregadero|"
            "llave del lavabo"
        ),
        "Floor": "suelo|piso",
        "FloorLamp": "lámpara de pie|lámpara de suelo|lámpara de piso|lámpara alta",
        "Footstool": "reposapiés|escabel|taburete bajo|banquito|reposapies",
        "Fork": "tenedor",
        "Fridge": "nevera|frigorífico|refrigerador|heladera|refrigeradora|frigo|frigorifico",
        "GarbageBag": "bolsa de basura|bolsa de la basura|bolsa de residuos",
        "GarbageCan": (
            "cubo de basura|cubo de la basura|basura|papelera|bote de basura|bote de la basura|basurero|"
            "contenedor de basura|tacho de basura|tacho de la basura|cesto de basura|cesto de la basura|"
            "caneca de basura|zafacón|tacho"
        ),
        "HandTowel": "toalla de mano|toalla de manos|toallita|toalla pequeña",
        "HandTowelHolder": (
            "toallero de mano|toallero para toalla de mano|soporte para toalla de mano|portatoallas de mano|"
            "aro para toalla|toallero de aro|colgador de toalla de mano"
        ),
        "HousePlant": "planta|planta de interior|maceta|planta en maceta|planta doméstica",
        "Kettle": "hervidor|hervidor de agua|tetera|pava|pava eléctrica|hervidor eléctrico",
        "KeyChain": "llavero|llavero con llaves|manojo de llaves",
        "Knife": "cuchillo",
        "Ladle": "cucharón|cacillo|cucharón de sopa",
        "Laptop": (
            "portátil|ordenador portátil|computadora portátil|computador portátil|laptop|computadora|"
            "ordenador|computador|notebook"
        ),
        "LaundryHamper": (
            "cesto de la ropa|cesto de ropa|cesto de la ropa sucia|cesto de ropa sucia|cesta de la ropa|"
            "cesta de ropa sucia|canasta de ropa|canasta de la ropa|cesto|cesta|canasto de ropa"
        ),
        "Lettuce": "lechuga",
        "LettuceSliced": (
            "hoja de lechuga|hojas de lechuga|lechuga cortada|lechuga troceada|trozo de lechuga|"
            "trozos de lechuga|rodaja de lechuga|rodajas de lechuga|lechuga picada"
        ),
        "LightSwitch": "interruptor|interruptor de luz|interruptor de la luz|luz|luces|apagador",
        "Microwave": "microondas|horno microondas|horno de microondas|micro",
        "Mirror": "espejo",
        "Mug": "taza|tazas|jarra|taza grande|tacita",
        "Newspaper": "periódico|diario|periodico",
        "Ottoman": "otomana|puf|pouf",
        "Painting": "cuadro|pintura|lienzo",
        "Pan": "sartén|sartén de freír|paellera|sarten",
        "PaperTowelRoll": (
            "rollo de papel de cocina|papel de cocina|rollo de papel|papel absorbente|toallas de papel|"
            "rollo de toallas de papel|papel toalla|rollo de papel toalla"
        ),
        "Pen": "bolígrafo|pluma|boli|lapicera|birome",
        "Pencil": "lápiz|lapicero",
        "PepperShaker": "pimentero|molinillo de pimienta|pimienta",
        "Pillow": "almohada|cojín|almohadón",
        "Plate": "plato",
        "Plunger": "desatascador|desatascador de inodoro|destapador|sopapa|desatorador",
        "Poster": "póster|cartel|afiche|poster",
        "Pot": "olla|cacerola|cazuela|puchero|cazo|olla de cocina",
        "Potato": "patata|papa",
        "PotatoSliced": (
            "rodaja de patata|rodajas de patata|patata cortada|patata troceada|trozo de patata|"
            "trozos de patata|rodaja de papa|rodajas de papa|papa cortada|papa troceada|trozo de papa|"
            "trozos de papa|rebanada de patata|rebanada de papa"
        ),
        "RemoteControl": (
            "mando a distancia|mando|control remoto|control|mando de la tele|mando de la televisión|"
            "control de la tele|control de la televisión"
        ),
        "RoomDecor": "decoración|adorno|objeto decorativo|decoración de la habitación|figura decorativa",
        "Safe": "caja fuerte|caja de seguridad",
        "SaltShaker": "salero|sal",
        "ScrubBrush": (
            "cepillo|cepillo de fregar|cepillo para fregar|escobilla|cepillo de limpieza|cepillo de restregar"
        ),
        "Shelf": "estante|repisa|balda|anaquel|estante de pared",
        "ShelvingUnit": "estantería|mueble de estantes|unidad de estantería|librero|librería|estanterías",
        "ShowerCurtain": "cortina de ducha|cortina de la ducha|cortina del baño|cortina de baño",
        "ShowerDoor": "puerta de la ducha|puerta de ducha|mampara|mampara de ducha|mampara de la ducha",
        "ShowerGlass": (
            "cristal de la ducha|vidrio de la ducha|cristal de ducha|vidrio de ducha|mampara de cristal"
        ),
        "ShowerHead": (
            "ducha|alcachofa de la ducha|alcachofa de ducha|cabezal de ducha|cabezal de la ducha|"
            "rociador de ducha"
        ),
        "SideTable": (
            "mesita|mesita de noche|mesilla|mesilla de noche|mesa auxiliar|mesa lateral|mesa de noche|"
            "velador|buró"
        ),
        "Sink": "fregadero|lavabo|lavamanos|pila|tarja|lavaplatos|lavadero",
        "SinkBasin": (
            "seno del fregadero|cubeta del fregadero|pila del fregadero|interior del fregadero|"
            "cuenca del fregadero|interior del lavabo|cuenca del lavabo|pileta"
        ),
        "SoapBar": "jabón|pastilla de jabón|jabón en barra|barra de jabón",
        "SoapBottle": (
            "botella de jabón|jabón líquido|dispensador de jabón|bote de jabón|frasco de jabón|"
            "dosificador de jabón"
        ),
        "Sofa": "sofá|diván|canapé|sofa",
        "Spatula": "espátula|paleta|pala de cocina",
        "Spoon": "cuchara|cucharita|cucharilla",
        "SprayBottle": (
            "botella de spray|pulverizador|atomizador|rociador|espray|spray|botella pulverizadora|"
            "botella rociadora"
        ),
        "Statue": "estatua|figura|escultura|estatuilla|figurilla",
        "Stool": "taburete|banqueta|banquillo",
        "StoveBurner": (
            "fogón|hornilla|hornillo|quemador|placa|placa de cocina|estufa|fuego|vitrocerámica|vitro|anafe|"
            "hornalla|cocina de gas|cocina eléctrica|fogones|quemadores"
        ),
        "StoveKnob": (
            "perilla|perilla de la estufa|perilla del fogón|perilla de la cocina|perilla del quemador|"
            "mando de la cocina|mando de la estufa|mando del fogón|mando del quemador|botón de la estufa|"
            "botón de la cocina|botón del fogón|mando de la vitro|rueda de la cocina|perillas"
        ),
        "TVStand": (
            "mueble de la tele|mueble de televisión|mueble del televisor|mueble de la televisión|"
            "mueble de tv|mueble de la tv|soporte de televisión|soporte de la tele|mesa de televisión|"
            "mesa de la tele|mesa de tv|mueble para tv|mueble para televisión"
        ),
        "TableTopDecor": "decoración de mesa|adorno de mesa|centro de mesa|adorno de sobremesa",
        "TargetCircle": "diana|círculo objetivo|círculo de destino|objetivo|círculo",
        "TeddyBear": "osito de peluche|oso de peluche|peluche|osito",
        "Television": "televisión|televisor|tele|tv",
        "TennisRacket": "raqueta de tenis|raqueta",
        "TissueBox": (
            "caja de pañuelos|caja de pañuelos de papel|pañuelos|pañuelos de papel|caja de kleenex|kleenex|"
            "caja de clínex|clínex"
        ),
        "Toaster": "tostadora|tostador",
        "Toilet": (
            "inodoro|retrete|váter|wáter|taza del inodoro|taza del váter|excusado|sanitario|wc|"
            "inodoro del baño|vater"
        ),
        "ToiletPaper": (
            "papel higiénico|rollo de papel higiénico|papel de baño|rollo de papel de baño|papel higienico"
        ),
        "ToiletPaperHanger": (
            "portarrollos|soporte del papel higiénico|soporte de papel higiénico|"
            "portarrollos de papel higiénico|dispensador de papel higiénico|porta papel higiénico|portapapel"
        ),
        "Tomato": "tomate|jitomate",
        "TomatoSliced": (
            "rodaja de tomate|rodajas de tomate|tomate cortado|tomate troceado|trozo de tomate|"
            "trozos de tomate|rebanada de tomate|rebanadas de tomate|jitomate cortado|rodaja de jitomate"
        ),
        "Towel": "toalla|toalla de baño|toallón",
        "TowelHolder": (
            "toallero|portatoallas|soporte de toalla|soporte para toallas|colgador de toallas|"
            "barra de toallas|toallero de barra"
        ),
        "VacuumCleaner": "aspiradora|aspirador",
        "Vase": "jarrón|florero|jarrón de flores",
        "Watch": "reloj de pulsera|reloj de muñeca|reloj de mano",
        "WateringCan": "regadera|lata de riego|regadera de jardín",
        "Window": "ventana",
        "WineBottle": "botella de vino",
    },
    liquids={
        "water": "agua",
        "wine": "vino|vino tinto|vino blanco",
        "coffee": "café|cafe",
    },
    fillers=(
        "vuelve a|vuelva a|volver a|regresa a|el|la|los|las|lo|le|un|una|unos|unas|al|del|de|a|en|sobre|"
        "encima|encima de|dentro|dentro de|adentro|"
        "hacia|hasta|con|y|e|para|por|desde|junto a|luego|después|despues|primero|primeramente|finalmente|"
        "por último|por ultimo|al final|entonces|a continuación|ahora|ya|de nuevo|otra vez|nuevamente|"
        "una vez más|con cuidado|cuidadosamente|suavemente|lentamente|despacio|rápidamente|rapidamente|"
        "con fuerza|fuertemente|fuerte|bien|completamente|por favor|su|sus|mi|mis|tu|tus|este|esta|estos|"
        "estas|ese|esa|esos|esas|aquel|aquella|esto|eso|yo|he|puerta|tapa|en rodajas|en rebanadas|en trozos|"
        "en trocitos|en pedazos|en dos|por la mitad|a la mitad|en mitades|en cubos|en dados|en cuartos|"
        "en tiras|en láminas|en gajos"
    ),
    endings="s|es",
    destinations="en|dentro|dentro de|adentro|sobre|encima|encima de",
    clitics="lo|la|los|las|le|les|me|se|te|nos|selo|sela",
    step_words="paso",
    spaced=True,
)
