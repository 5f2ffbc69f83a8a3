"""Portuguese words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="pt",
    name="Portuguese",
    verbs={
        "find": (
            "encontrar|encontre|encontra|encontro|encontrarei|encontrei|encontrado|encontrá|procurar|procure|"
            "procura|procuro|procurarei|procurei|procurado|procurá|localizar|localize|localiza|localizo|"
            "localizarei|localizei|localizado|localizá|achar|ache|acha|acho|acharei|achei|achado|ir|vá|vai|"
            "vou|irei|fui|ir até|dirigir-se|dirija-se|dirige-te|dirijo-me|me dirijo|dirigi-me|aproximar-se|"
            "aproxime-se|aproxima-te|aproximo-me|me aproximo|caminhar|caminhe|caminha|caminho|navegar|"
            "navegue|navega|navego|deslocar-se|desloque-se|desloca-te|buscar|busque|busca|busco|identificar|"
            "identifique|identifica"
        ),
        "pick": (
            "pegar|pegue|pega|pego|pegarei|peguei|pegado|pegá|apanhar|apanhe|apanha|apanho|apanharei|apanhei|"
            "apanhado|apanhá|agarrar|agarre|agarra|agarro|agarrarei|agarrei|agarrado|agarrá|recolher|recolha|"
            "recolhe|recolho|recolherei|recolhi|recolhido|levantar|levante|levanta|levanto|levantarei|"
            "levantei|levantado|levantá|segurar|segure|segura|segurarei|segurei|segurá|tomar|tome|toma|tomo|"
            "tomarei|tomei|retirar|retire|retira|retiro|retirei|tirar|tire|tira|tiro|tirei|erguer|erga|ergue"
        ),
        "put": (
            "colocar|coloque|coloca|coloco|colocarei|coloquei|colocado|colocada|colocá|pôr|põe|ponha|ponho|"
            "porei|pus|posto|posta|pô|botar|bote|botarei|botei|inserir|insira|insere|insiro|inserirei|inseri|"
            "inserido|meter|meta|mete|meto|meterei|meti|metido|pousar|pouse|pousa|pouso|pousei|pousado|"
            "depositar|deposite|deposita|deposito|depositei|guardar|guarde|guarda|guardo|guardarei|guardei|"
            "guardado|guardá|deixar|deixe|deixa|deixo|deixarei|deixei|deixado|deixá|posicionar|posicione|"
            "posiciona|posiciono|posicionei|introduzir|introduza|introduz|introduzo|repor|reponha|repõe|"
            "acomodar|acomode|acomoda|apoiar|apoie|apoia"
        ),
        "open": "abrir|abra|abre|abro|abrirei|abri|aberto|aberta",
        "close": "fechar|feche|fecha|fecho|fecharei|fechei|fechado|fechada|fechá",
        "slice": (
            "cortar|corte|corta|corto|cortarei|cortei|cortado|cortada|cortá|fatiar|fatie|fatia|fatio|"
            "fatiarei|fatiei|fatiado|fatiada|fatiá|picar|pique|pica|pico|picarei|piquei|picado|picada|"
            "trinchar|trinche|trincha|retalhar|retalhe"
        ),
        "turn_on": (
            "ligar|ligue|liga|ligo|ligarei|liguei|ligado|ligada|ligá|acender|acenda|acende|acendo|acenderei|"
            "acendi|aceso|acesa|acendido|ativar|ative|ativa|ativo|ativarei|ativei|ativado|ativada|activar|"
            "active|activa|activo|activei|activado|pôr a funcionar|põe a funcionar|ponha a funcionar|"
            "coloque para funcionar|colocar para funcionar|pôr em funcionamento|ponha em funcionamento|"
            "acionar|acione|aciona|aciono|acionei|accionar|accione|acciona"
        ),
        "turn_off": (
            "desligar|desligue|desliga|desligo|desligarei|desliguei|desligado|desligada|desligá|apagar|"
            "apague|apaga|apago|apagarei|apaguei|apagado|apagada|desativar|desative|desativa|desativo|"
            "desativei|desativado|desactivar|desactive|desactiva|desactivei|parar|pare|paro|parei"
        ),
        "drop": (
            "deixar cair|deixe cair|deixa cair|deixo cair|deixarei cair|deixei cair|deixá-lo cair|"
            "deixá-la cair|deixe-o cair|deixe-a cair|deixe ... cair|deixa ... cair|deixar ... cair|"
            "deixo ... cair|deixei ... cair|soltar|solte|solta|solto|soltarei|soltei|soltado|soltá|largar|"
            "largue|larga|largo|largarei|larguei|largado|largá"
        ),
        "throw": (
            "jogar|jogue|joga|jogo|jogarei|joguei|jogado|jogá|atirar|atire|atira|atiro|atirarei|atirei|"
            "atirado|atirá|lançar|lance|lança|lanço|lançarei|lancei|lançado|lançá|arremessar|arremesse|"
            "arremessa|arremesso|arremessei|arremessado"
        ),
        "break": (
            "quebrar|quebre|quebra|quebro|quebrarei|quebrei|quebrado|quebrada|quebrá|partir|parta|parte|"
            "parto|partirei|parti|partido|romper|rompa|rompe|rompo|rompi|rompido|despedaçar|despedace|"
            "despedaça|estilhaçar|estilhace|estilhaça|esmagar|esmague|esmaga|esmago|destruir|destrua|destrói|"
            "destruo|destruí|rachar|rache|racha"
        ),
        "cook": (
            "cozinhar|cozinhe|cozinho|cozinharei|cozinhei|cozinhado|cozinhada|cozinhá|cozer|coza|coze|cozo|"
            "cozi|cozido|cozida|fritar|frite|frita|frito|fritarei|fritei|fritá|assar|asse|assa|asso|assarei|"
            "assei|assado|assada|aquecer|aqueça|aquece|aqueço|aquecerei|aqueci|aquecido|aquecida|esquentar|"
            "esquente|esquenta|esquento|esquentei|esquentado|ferver|ferva|ferve|fervo|ferverei|fervi|fervido|"
            "grelhar|grelhe|grelha|grelhado|tostar|toste|tosta|tostado|torrar|torre|torra|torrado|refogar|"
            "refogue|refoga|requentar|requente|requenta"
        ),
        "dirty": (
            "sujar|suje|suja|sujo|sujarei|sujei|sujado|sujá|manchar|manche|mancha|mancho|manchei|manchado|"
            "emporcalhar|emporcalhe"
        ),
        "clean": (
            "limpar|limpe|limpa|limpo|limparei|limpei|limpado|limpá|lavar|lave|lava|lavo|lavarei|lavei|"
            "lavado|lavada|lavá|enxaguar|enxágue|enxague|enxagua|enxágua|enxaguo|enxaguei|esfregar|esfregue|"
            "esfrega|esfrego|esfreguei|higienizar|higienize|higieniza|enxugar|enxugue|enxuga"
        ),
        "fillLiquid": (
            "encher|encha|enche|encho|encherei|enchi|enchido|enchê|reabastecer|reabasteça|reabastece"
        ),
        "emptyLiquid": "esvaziar|esvazie|esvazia|esvazio|esvaziarei|esvaziei|esvaziado|esvaziada|esvaziá",
        "pour": (
            "despejar|despeje|despeja|despejo|despejarei|despejei|despejado|despejá|verter|verta|verte|verto|"
            "verterei|verti|vertido|derramar|derrame|derrama|derramo|derramei|servir|sirva|serve|sirvo|"
            "servirei|servi|servido|entornar|entorne|entorna"
        ),
    },
    nouns={
        "AlarmClock": "despertador|relógio despertador|relógio|relógio de parede|relógio de mesa|relogio",
        "AluminumFoil": (
            "papel alumínio|papel de alumínio|papel-alumínio|folha de alumínio|papel de prata|alumínio|"
            "papel aluminio"
        ),
        "Apple": "maçã",
        "AppleSliced": (
            "fatia de maçã|fatias de maçã|maçã fatiada|maçã cortada|maçãs cortadas|pedaço de maçã|"
            "pedaços de maçã|gomo de maçã|gomos de maçã|rodela de maçã"
        ),
        "ArmChair": "poltrona|cadeirão",
        "BaseballBat": "taco de beisebol|taco de basebol|taco|bastão de beisebol",
        "BasketBall": "bola de basquete|bola de basquetebol|bola de basket|bola",
        "Bathtub": "banheira",
        "BathtubBasin": "fundo da banheira|interior da banheira|bacia da banheira|cuba da banheira",
        "Bed": "cama",
        "Blinds": "persiana|persianas|estore|estores|cortina de persiana",
        "Book": "livro",
        "Boots": "botas|bota|botinas",
        "Bottle": "garrafa|frasco",
        "Bowl": "tigela|vasilha|malga|cumbuca|tigelinha",
        "Box": "caixa|caixote|caixa de papelão|caixa de cartão",
        "Bread": "pão|pães|filão|pão de forma|bisnaga|broa",
        "BreadSliced": (
            "fatia de pão|fatias de pão|pão fatiado|pão cortado|torrada|torradas|pão torrado|pedaço de pão|"
            "pedaços de pão"
        ),
        "ButterKnife": (
            "faca de manteiga|faca para manteiga|faca de passar manteiga|faca de mesa|espátula de manteiga"
        ),
        "CD": "cd|disco|disco compacto",
        "Cabinet": "armário|gabinete|armário de cozinha|guarda-louça|despensa|armarinho|aparador|armários",
        "Candle": "vela",
        "CellPhone": "celular|telemóvel|telefone|smartphone|telefone celular|telefone móvel",
        "Chair": "cadeira",
        "Cloth": "pano|pano de prato|trapo|tecido|flanela|pano de limpeza|pano de cozinha",
        "CoffeeMachine": (
            "cafeteira|máquina de café|máquina de expresso|cafeteira elétrica|máquina de espresso|"
            "máquina do café"
        ),
        "CoffeeTable": "mesa de centro|mesinha de centro|mesa de café|mesa baixa",
        "CounterTop": (
            "bancada|balcão|bancada da cozinha|tampo|balcão da cozinha|tampo da bancada|"
            "superfície de trabalho"
        ),
        "CreditCard": "cartão de crédito|cartão|cartão bancário|cartão de débito",
        "Cup": "copo|xícara|chávena|taça|copo de vidro|copinho|xicara",
        "Curtains": "cortina|cortinas|cortinado",
        "Desk": "escrivaninha|secretária|mesa de escritório|mesa de trabalho|mesa de estudo",
        "DeskLamp": (
            "luminária|candeeiro|abajur|luminária de mesa|candeeiro de mesa|lâmpada|lâmpada de mesa|luminaria"
        ),
        "Desktop": "computador de mesa|pc de mesa|desktop|computador desktop|computador fixo",
        "DiningTable": "mesa|mesa de jantar|mesa da cozinha|mesa de refeições|mesa da sala de jantar",
        "DishSponge": (
            "esponja|esponja de louça|esponja de cozinha|esponja de lavar louça|esponja de loiça|bucha"
        ),
        "DogBed": (
            "cama de cachorro|cama do cachorro|cama para cachorro|cama de cão|cama do cão|cama para cão|"
            "caminha de cachorro|caminha do cachorro|caminha do cão|almofada do cão|cama de cachorros"
        ),
        "Drawer": "gaveta",
        "Dresser": "cômoda|cómoda|penteadeira|comoda",
        "Dumbbell": "haltere|halteres|halter|peso|pesos",
        "Egg": "ovo",
        "EggCracked": "ovo quebrado|ovo partido|ovo rachado|ovos quebrados|ovo aberto|ovos partidos",
        "Faucet": "torneira",
        "Floor": "chão|piso|soalho|pavimento|chao",
        "FloorLamp": (
            "luminária de chão|abajur de chão|candeeiro de pé|luminária de pé|lâmpada de pé|"
            "candeeiro de chão|coluna de luz"
        ),
        "Footstool": (
            "apoio para os pés|descanso para os pés|banquinho|escabelo|apoio de pés|banquinho para os pés"
        ),
        "Fork": "garfo",
        "Fridge": "geladeira|frigorífico|refrigerador|frigorifico|frigo",
        "GarbageBag": "saco de lixo|saco do lixo|sacola de lixo|saco para lixo|sacola do lixo",
        "GarbageCan": (
            "lixeira|lixo|caixote do lixo|caixote de lixo|balde do lixo|balde de lixo|cesto de lixo|"
            "cesto do lixo|contentor do lixo|lata de lixo|lata do lixo|recipiente de lixo|lixeiro"
        ),
        "HandTowel": "toalha de mão|toalha de mãos|toalha de rosto|toalhinha|toalha pequena",
        "HandTowelHolder": (
            "porta-toalha de mão|porta-toalhas de mão|suporte de toalha de mão|suporte para toalha de mão|"
            "toalheiro de mão|argola para toalha|toalheiro de argola|argola de toalha"
        ),
        "HousePlant": (
            "planta|vaso de planta|planta de interior|planta de casa|planta doméstica|planta em vaso|"
            "vaso com planta|plantinha"
        ),
        "Kettle": "chaleira|chaleira elétrica|bule|jarro elétrico",
        "KeyChain": "chaveiro|porta-chaves|chaves|molho de chaves|chave|porta chaves",
        "Knife": "faca",
        "Ladle": "concha|concha de sopa|concha de cozinha",
        "Laptop": "notebook|laptop|computador portátil|portátil|computador|pc|pc portátil",
        "LaundryHamper": (
            "cesto de roupa|cesto de roupa suja|cesto da roupa|cesto da roupa suja|cesta de roupa|"
            "cesta de roupa suja|cesto|cesta|cesto para roupa suja"
        ),
        "Lettuce": "alface",
        "LettuceSliced": (
            "folha de alface|folhas de alface|alface cortada|alface fatiada|alface picada|pedaço de alface|"
            "pedaços de alface|fatia de alface|fatias de alface"
        ),
        "LightSwitch": "interruptor|interruptor de luz|interruptor da luz|luz|luzes|iluminação",
        "Microwave": "micro-ondas|microondas|forno micro-ondas|forno de micro-ondas|forno microondas|micro",
        "Mirror": "espelho",
        "Mug": "caneca|canecas|caneca grande",
        "Newspaper": "jornal",
        "Ottoman": "pufe|puff|otomano|otomana|pouf",
        "Painting": "quadro|pintura|tela",
        "Pan": "frigideira|sertã|frigideira antiaderente",
        "PaperTowelRoll": (
            "rolo de papel toalha|papel toalha|rolo de papel de cozinha|papel de cozinha|rolo de papel|"
            "papel absorvente|rolo de papel absorvente|papel-toalha"
        ),
        "Pen": "caneta|esferográfica|caneta esferográfica",
        "Pencil": "lápis",
        "PepperShaker": "pimenteiro|moedor de pimenta|pimenta|pimenteira|porta-pimenta",
        "Pillow": "travesseiro|almofada",
        "Plate": "prato",
        "Plunger": "desentupidor|desentupidor de sanita|desentupidor de privada|desentupidor de vaso",
        "Poster": "pôster|cartaz|poster",
        "Pot": "panela|caçarola|tacho|panela de pressão|caldeirão|panelinha",
        "Potato": "batata",
        "PotatoSliced": (
            "fatia de batata|fatias de batata|batata fatiada|batata cortada|batatas cortadas|"
            "pedaço de batata|pedaços de batata|rodela de batata|rodelas de batata"
        ),
        "RemoteControl": (
            "controle remoto|comando|controle|comando da televisão|comando da tv|telecomando|"
            "comando à distância|controlo remoto|controle da tv|controle da televisão"
        ),
        "RoomDecor": "decoração|enfeite|objeto decorativo|adorno|objecto decorativo|peça decorativa",
        "Safe": "cofre|caixa-forte|caixa forte",
        "SaltShaker": "saleiro|sal|porta-sal",
        "ScrubBrush": "escova|escova de esfregar|escovão|escova de limpeza|escova de lavar|escova de louça",
        "Shelf": "prateleira|prateleira de parede|prateleirinha",
        "ShelvingUnit": (
            "estante|estantes|unidade de prateleiras|móvel com prateleiras|prateleiras|estante de prateleiras"
        ),
        "ShowerCurtain": (
            "cortina do chuveiro|cortina de chuveiro|cortina de banho|cortina do duche|cortina do box"
        ),
        "ShowerDoor": (
            "porta do chuveiro|porta de chuveiro|porta do box|porta do duche|porta da ducha|box do chuveiro"
        ),
        "ShowerGlass": (
            "vidro do chuveiro|vidro do box|vidro do duche|vidro de chuveiro|vidro da ducha|vidro do boxe"
        ),
        "ShowerHead": "chuveiro|duche|ducha|cabeça do chuveiro|crivo do chuveiro|crivo|cabeça de chuveiro",
        "SideTable": (
            "mesa de cabeceira|mesinha|mesinha de cabeceira|mesa lateral|criado-mudo|mesa de apoio|"
            "mesinha lateral|mesa auxiliar"
        ),
        "Sink": "pia|lavatório|lava-louça|lava-loiça|pia da cozinha|lavabo|pia do banheiro",
        "SinkBasin": (
            "cuba|cuba da pia|bacia da pia|cuba do lava-loiça|cuba do lava-louça|interior da pia|"
            "bacia do lavatório|cuba do lavatório|fundo da pia"
        ),
        "SoapBar": "sabonete|sabão|barra de sabão|sabonete em barra|barra de sabonete",
        "SoapBottle": (
            "frasco de sabonete|sabonete líquido|frasco de sabão|garrafa de sabão|dispensador de sabão|"
            "sabão líquido|dispensador de sabonete|frasco de sabonete líquido|saboneteira líquida"
        ),
        "Sofa": "sofá|canapé|sofa",
        "Spatula": "espátula|pá de cozinha|espatula",
        "Spoon": "colher|colherinha|colher de chá|colher de sopa",
        "SprayBottle": (
            "borrifador|frasco de spray|spray|pulverizador|vaporizador|frasco borrifador|garrafa de spray|"
            "frasco pulverizador"
        ),
        "Statue": "estátua|estatueta|escultura|estatua|figura",
        "Stool": "banco|banqueta|tamborete|mocho|banquinho alto",
        "StoveBurner": (
            "fogão|boca do fogão|bocas do fogão|queimador|queimadores|bico do fogão|placa|placa de cozinha|"
            "fogareiro|fogão a gás|boca de fogão|disco do fogão|placa elétrica|trempe|fogao|chama do fogão"
        ),
        "StoveKnob": (
            "botão do fogão|manípulo do fogão|manípulo|botão do queimador|botão de controle do fogão|"
            "maçaneta do fogão|botões do fogão|manípulos do fogão|botão da placa|seletor do fogão|"
            "comando do fogão|botão do gás|registro do fogão"
        ),
        "TVStand": (
            "rack|rack da tv|rack da televisão|móvel da tv|móvel de tv|móvel da televisão|suporte de tv|"
            "suporte da tv|estante da tv|aparador de tv|móvel para tv|mesa da tv|rack de tv"
        ),
        "TableTopDecor": "decoração de mesa|enfeite de mesa|centro de mesa|adorno de mesa|decoração da mesa",
        "TargetCircle": "alvo|círculo alvo|círculo-alvo|círculo de destino|círculo",
        "TeddyBear": (
            "urso de pelúcia|ursinho de pelúcia|ursinho|pelúcia|peluche|urso de peluche|ursinho de peluche"
        ),
        "Television": "televisão|televisor|tv|tevê|televisao|tele",
        "TennisRacket": "raquete de tênis|raquete|raquete de ténis|raqueta de ténis|raqueta|raquete de tenis",
        "TissueBox": (
            "caixa de lenços|caixa de lenços de papel|lenços|lenços de papel|caixa de kleenex|kleenex|"
            "caixa de lencinhos|lencinhos"
        ),
        "Toaster": "torradeira",
        "Toilet": (
            "vaso sanitário|privada|sanita|toalete|bacia sanitária|vaso do banheiro|retrete|sanitário|"
            "vaso sanitario|latrina|wc"
        ),
        "ToiletPaper": (
            "papel higiênico|papel higiénico|rolo de papel higiênico|rolo de papel higiénico|papel higienico"
        ),
        "ToiletPaperHanger": (
            "suporte de papel higiênico|porta-papel higiênico|suporte do papel higiênico|"
            "suporte de papel higiénico|porta-papel higiénico|porta-rolos|porta-papel|"
            "suporte para papel higiênico|porta-rolo"
        ),
        "Tomato": "tomate",
        "TomatoSliced": (
            "fatia de tomate|fatias de tomate|tomate fatiado|tomate cortado|tomates cortados|"
            "pedaço de tomate|pedaços de tomate|rodela de tomate|rodelas de tomate"
        ),
        "Towel": "toalha|toalha de banho|toalhão",
        "TowelHolder": (
            "toalheiro|porta-toalha|porta-toalhas|suporte de toalha|suporte para toalha|suporte para toalhas|"
            "cabide de toalha|barra de toalha|porta toalhas"
        ),
        "VacuumCleaner": "aspirador|aspirador de pó|aspirador de po",
        "Vase": "vaso|jarra|vaso de flores|jarro|jarra de flores",
        "Watch": "relógio de pulso|relógio de mão|relogio de pulso",
        "WateringCan": "regador",
        "Window": "janela",
        "WineBottle": "garrafa de vinho|garrafa do vinho",
    },
    liquids={
        "water": "água|agua",
        "wine": "vinho|vinho tinto|vinho branco",
        "coffee": "café|cafe",
    },
    fillers=(
        "o|a|os|as|lo|la|los|las|um|uma|uns|umas|do|da|dos|das|de|no|na|nos|nas|em|ao|à|aos|às|num|numa|dum|"
        "duma|para|pra|pro|até|sobre|com|e|depois|então|primeiro|primeiramente|em seguida|a seguir|"
        "seguidamente|finalmente|por fim|agora|novamente|de novo|outra vez|mais uma vez|com cuidado|"
        "cuidadosamente|delicadamente|devagar|lentamente|suavemente|rapidamente|com força|bem|completamente|"
        "por favor|seu|sua|seus|suas|meu|minha|teu|tua|este|esta|estes|estas|esse|essa|esses|essas|aquele|"
        "aquela|isso|isto|eu|se|dentro|cima|em cima|perto|perto de|ao lado|porta|tampa|em fatias|em pedaços|"
        "em pedacinhos|em rodelas|ao meio|em dois|em duas partes|em cubos|em cubinhos|em quatro|em tiras|"
        "em gomos"
    ),
    endings="s|es",
    destinations="em|no|na|nos|nas|num|numa|dentro|cima|em cima|sobre",
    clitics="lo|la|los|las",
    step_words="passo|etapa",
    spaced=True,
)
