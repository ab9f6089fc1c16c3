"""Spanish, French and German glossed into the English the constraint families read.

Each language has one glossary: phrases (`foreign | variant = english`, matched as whole words, case and spacing
ignored, longest first), number words (compounds included: "doscientas cincuenta", "quatre-vingt-dix",
"zweihundertfünfzig"), and a few reorderings for word orders English does not share ("erwähne den Aktienkurs
nicht" -> "do not mention den Aktienkurs", "il en faut au moins trois" -> "at least trois of them"). The gloss is
word for word: it is only meant for the families' patterns ("at most 80 words", "without commas", "the word
"Schnee" at least 3 times appears"), never shown to anyone. A word the glossary does not know is left as written,
so keywords, topics and names keep the prompt's own words.

`detect_language` decides a prompt's instruction language from function words no other of the four languages
uses and from the letters only some of them write (ñ, ç, ä ...); `english_evidence` keeps an English clause of a
mixed prompt ("Requirements:", a pasted English request) from being glossed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

# ---------------------------------------------------------------------------------------------------------------
# Phrasings: foreign = English. Variants share a line; the longest phrase wins where several start at one place.

SPANISH = """
sin formato | sin ningún formato | sin formatear = without formatting
texto plano | solo texto = plain text
ni la pongas | ni lo pongas | ni la uses | ni lo uses | ni la escribas | ni lo escribas = do not even use it
de ellos | de ellas = of them
pase de | pasen de = exceed
empezar por | empiece por | empieza por | empiecen por | comenzar por | comience por | comienza por = start with
hazme | házmela | házmelo = make me
lo que me expliques | lo que expliques | lo que me cuentes = what you explain
fuera del código = outside the code
después del código | tras el código | debajo del código = after the code
una línea en blanco | una línea vacía | una línea libre = a blank line
# what happens past a count ("si pasan de cinco, me pierdo"): read with the count as its limit
si pasa de | si pasan de | si se pasa de | si se pasan de = if it goes over
me pierdo | se pierde | se pierden | me lío = I get lost
se corta | se cortan | lo cortan | la cortan = gets cut
nadie lo lee | nadie la lee | nadie los lee | ya no se lee | ya no se leen = nobody reads it
delante del todo | al principio del todo | al principio de todo | lo primero de todo = at the very start
no me pases de | no te pases de | no pases de | no me pase de = at most
caber en | cabe en | quepa en | quepan en = fit in
ni tocarla | ni tocarlo | ni la toques | ni lo toques | no me la metas | no me lo metas | no la metas = is banned
ni una palabra del | ni una palabra de la | ni una palabra sobre | ni una palabra de = not a word about
nada sobre | nada del | nada de la = nothing about
que ninguna lleve | que ninguno lleve | que ninguna tenga | que ninguno tenga | que ninguna use = do not use
sin cortes de párrafo | sin partirlo en párrafos | sin separarlo en párrafos = in a single paragraph
como máximo | como mucho | a lo sumo | máximo de | no más que | como tope | de tope = at most
de entrada | para empezar = first
mantén | mantener | conserva | conservar = keep
el nombre de la función = the name of the function
me bastan | me basta | bastan | basta | son suficientes | es suficiente = are enough
un máximo de = at most
máximo | máx. | máx = max
no más de = no more than
que no pase de | no pase de | no pasar de | sin pasar de | no debe pasar de | no debe superar = at most
si no pasa de | no pasa de | que no pasa de | mientras no pase de = at most
están vetadas | están vetados | está vetada | está vetado | quedan vetadas | quedan vetados = are banned
que no se vaya de | no se vaya de | que no se pase de | no se pase de | sin irse de = at most
que no se vaya de las | que no se vaya de los | que no pase de las | que no pase de los | no pase de las = at most
que no se pase de las | que no se pase de los | no se pase de las | no se vaya de las | sin pasar de las = at most
no debe superar las | no debe superar los | no supere | no supere las | no supere los | no superar = at most
sin superar | sin superar las | sin superar los | no puede superar | no exceda | no exceda de = at most
no debe exceder | que no supere | que no supere las | que no supere los = at most
no debe tener más de | que no tenga más de | no tenga más de = no more than
hasta = up to
menos de | menos que = fewer than
al menos | por lo menos | como mínimo | un mínimo de | mínimo de = at least
mínimo = min
más de = more than
exactamente | justo | justamente = exactly
solo | sólo | solamente | únicamente = only
aproximadamente | alrededor de | cerca de | unas | unos = about
o menos = or fewer
o más = or more
entre = between
y = and
o | u | ni = or
palabras = words
palabra = word
oraciones | frases = sentences
oración | frase = sentence
última | último = last
párrafos = paragraphs
párrafo = paragraph
líneas | versos = lines
línea | verso = line
estrofas = stanzas
estrofa = stanza
viñetas | puntos de viñeta = bullet points
viñeta = bullet point
lista con viñetas | lista de viñetas = bulleted list
puntos = points
caracteres = characters
veces = times
vez = time
una vez = once
una sola vez = only once
dos veces | un par de veces = twice
su nombre = the name
sus nombres = the names
no más = no more
ni uno más | ni una más = no more
ni uno más ni uno menos | ni una más ni una menos = no more, no fewer
que quepa en | quepa en | que quepa dentro de | cabe en | que entre en = fit in
no saques el tema del | no saques el tema de | no saques el tema de la = do not bring up
secciones = sections
sección = section
comas = commas
coma = comma
emojis | emoticonos | emoticones = emojis
emoji | emoticono = emoji
fuera = out
marcadores de posición | marcadores | espacios reservados | huecos = placeholders
marcador de posición | marcador | espacio reservado | hueco = placeholder
corchetes | corchetes cuadrados = square brackets
entre corchetes | entre corchetes cuadrados = in square brackets
entre comillas dobles = in double quotation marks
entre comillas = in quotation marks
como | tal como = like
por ejemplo | p. ej. = for example
dobles corchetes angulares | corchetes angulares dobles | dobles paréntesis angulares = double angular brackets
posdata | postdata = postscript
título = title
comillas dobles = double quotation marks
comillas = quotation marks
mayúsculas | letras mayúsculas = capital letters
minúsculas | letras minúsculas = lowercase letters
todo en mayúsculas | toda en mayúsculas | completamente en mayúsculas = all in capital letters
íntegramente en mayúsculas = all in capital letters
todo en minúsculas | toda en minúsculas | completamente en minúsculas = all in lowercase
todo en letra minúscula | todo en letras minúsculas | todo en minúscula | toda en minúscula = all in lowercase
remata con | rematar con | remátalo con | cierra con una | remata = end with
que arranque con | que arranque por | que empiece por | que empiece con | que comience con = that starts with
que comience por | que empiecen por | que arranquen con = that starts with
tienes | tendrás = you have
olvídate de | olvidaos de | olvídese de = leave out
no termines con | no acabes con | no cierres con | no termines en = do not end with
no empieces con | no empieces por | no comiences con | no comiences por = do not start with
ni la quiero ver | no la quiero ver | ni lo quiero ver | no lo quiero ver = leave it out
no quiero verla | no quiero verlo = leave it out
que ninguno se alargue más allá de = none of them longer than
que ninguna se alargue más allá de = none of them longer than
que ninguno pase de | que ninguna pase de | ninguno más largo de | ninguna más larga de = none of them longer than
palabra entera en mayúsculas | palabra completa en mayúsculas = word in all capital letters
como mucho una | como máximo una | como mucho un | como máximo un = at most one
palabras enteras en mayúsculas | palabras completas en mayúsculas = words in all capital letters
sin mayúsculas = without capital letters
lista numerada = numbered list
pasos numerados = numbered steps
monta | móntame | prepárame | arma | ármame = make
que lleve | que lleven = with
numeradas | numerados | numerada | numerado = numbered
lista | listas = list
tabla = table
tablas = tables
tablita | tablilla = table
tabla de markdown | tablita de markdown | tabla en markdown | tablita en markdown = Markdown table
te los ahorras | te las ahorras | te lo ahorras | ahórratelos | ahórratelas | sobran = leave them out
se queda tal cual | se quedan tal cual | se queda como está | se quedan como están | tal cual = stays exactly as it is
rollo | palabrería = waffle
exactamente así | tal y como está | tal como está = exactly as it is
déjalo | déjala | deja = leave
columnas = columns
# the room a place has for the text: "una columna que admite 120 palabras", "un imán con espacio para setenta palabras"
columna = column
imán = magnet
admite | admiten = takes
con espacio para | con sitio para = with room for
claves = keys
clave = key
formato = format
negrita = bold
cursiva = italics
resalta | resaltar | destaca = highlight
secciones resaltadas = highlighted sections
separadas por | separados por | separadas con | separados con = separated by
dos respuestas distintas | dos respuestas diferentes = two different responses
palabra por palabra = word for word
respuesta | contestación = response
toda la respuesta | toda tu respuesta | la respuesta entera | tu respuesta entera = the entire response
tu respuesta = your response
texto = text
el nombre de | el nombre del | los nombres de = the name of
mensaje = message
pasos = steps
elementos | ítems = items
consejos = tips
consejo = tip
no mencionar | no nombrar = do not mention
no usar | no utilizar = do not use
ideas = ideas
sugerencias | propuestas = suggestions
ponle | ponles = give it
lo que trae python de serie | lo que viene con python | lo que trae python = what comes with python
sugerencia | propuesta = suggestion
eslóganes | eslogans | lemas = slogans
eslogan | lema = slogan
caritas | caritas sonrientes = emojis
# where a reader stops: "no lee más allá de tres frases", "deja de leer después de la tercera frase"
más allá de = beyond
no lee | no va a leer | no leerá | no lee nada = won't read
deja de leer después de | deja de leer tras | se aburre después de | desconecta después de = stops reading after
lo primero que pongas | lo primero que escribas = the first thing you write
lo primero que ponga | lo primero que escriba = the first thing you write
lo primero que vea | lo primero que lea | lo primero que veamos | lo primero que leamos = the first thing they see
tiene que ser | tendrá que ser | debe ser | debería ser = should be
primera | primer | primero = first
segunda | segundo = second
tercera | tercer | tercero = third
cuarta | cuarto = fourth
quinta | quinto = fifth
# running text, not a list: "en texto corrido"
en texto corrido | en texto seguido | en prosa corrida = with no lists
no uses | no utilices | no emplees | no uses nunca | nunca uses | no debes usar = do not use
ni se te ocurra | no se te ocurra | que no se te ocurra = do not
prohibido usar | prohibido utilizar | prohibido emplear | prohibido poner | prohibido escribir = do not use
prohibido decir = do not use
prohibido mencionar | prohibido nombrar = do not mention
prohibido hablar de | prohibido hablar del = do not talk about
no te olvides de | no te olvides | no olvides | que no se te olvide | no se te olvide = don't forget
no olvides incluir | no te olvides de incluir | no te olvides de poner = don't forget to include
no te olvides de meter = don't forget to include
no olvides poner | no olvides meter | no olvides mencionar | no te olvides de mencionar = don't forget to include
no incluyas = do not include
no menciones | nunca menciones | no nombres = do not mention
no menciones al | no menciones a la | no menciones a los | no menciones a las | no menciones a = do not mention the
sin mencionar al | sin mencionar a la | sin mencionar a = without mentioning the
evita mencionar al | evita mencionar a la | evita mencionar a = avoid mentioning the
no hables de | no hables del | no hables sobre = do not talk about
no le hables de | no le hables del | no les hables de | no les hables del = do not talk about
no me hables de | no me hables del | no me hables sobre | ni me hables de | ni me hables del = do not talk about
no le menciones | no les menciones = do not mention
no se puede usar | no se pueden usar | no puede aparecer | no debe aparecer | no deben aparecer = must not be used
sin usar | sin utilizar | sin emplear = without using
sin mencionar | sin nombrar = without mentioning
sin = without
evita | evitar | evitando = avoid
evita hablar de | evita hablar del | evitar hablar de = avoid talking about
evita mencionar | evitar mencionar = avoid mentioning
evita usar | evita utilizar | evitar usar = avoid using
nunca = never
usa | utiliza | emplea | uses | utilices | emplees | usar | utilizar | emplear = use
incluye | incluya | incluir | incluyas | incorpora = include
menciona | mencionar | mencione = mention
termina | acaba | finaliza | concluye | cierra | termine | terminar | acabar | finalizar = end
termina con | acaba con | finaliza con | concluye con | cierra con | termine con | terminar con = end with
empieza | comienza | empiece | comience | empezar | comenzar | inicia = start
empieza con | comienza con | empiece con | comience con | empieza por | comienza por | empiece por = start with
comience por = start with
arrancando | arranca | arrancar | empezando | comenzando = start
arrancando con | arrancando por | empezando con | empezando por | comenzando con | comenzando por = start with
quita | quitad | quite | quitar | elimina | eliminad | elimine | suprime | suprimid = remove
que no llegue a | que no llegue a las | que no llegue a los | sin llegar a | no llegue a = fewer than
ni un | ni una | ni uno = no
resultado = result
en letra negrita | en negritas | con negritas | con negrita | en letra negrilla = in bold
responde | contesta | responder | contestar | responda = respond
contéstame | respóndeme | contéstanos | respóndenos | contéstale | respóndele = respond
cifra | importe = figure
escribe | escríbelo | escríbela | escríbeme | redacta | escribir | redactar = write
añade | agrega | añadir | agregar | añádele = add
pon | coloca | poner = put
dame | dime | sácame | sácanos = give me
explica | explícame | explicar | explique = explain
corrige | arregla = fix
nombres = names
otra | otras | otro | otros = other
nombre = name
el encabezado | la cabecera | la fila de encabezado | encabezado = the header row
escríbeme = write me
pregunta = question
solo con | sólo con | únicamente con = only with
devuelve | devuélveme | devolver | retorna = return
nada de = no
que no aparezca | que no aparezcan | que no salga | que no salgan = do not use
encabezados | títulos | subtítulos = headings
expresiones = phrases
expresión = phrase
enumera = list
resume | resúmelo | resúmela | resumir = summarize
traduce | traducir = translate
aparezca | aparecer | aparece | aparezcan | figure | salga | salgan = appear
seguir apareciendo | seguir saliendo | siga apareciendo | siga saliendo = still include
sigan apareciendo | sigan saliendo = still include
es el máximo | es el límite | es el tope = is the max
debe | deben = must
tiene que | tienen que | ha de = has to
por favor = please
función | funcion = function
función en python | función de python | función python = Python function
script en python | script de python | script python = Python script
clase en python | clase de python | clase python = Python class
funciones = functions
clase = class
método | metodo = method
métodos | metodos = methods
llamada | llamado | que se llame | de nombre = called
se llame | se llama | se llamará = is called
protagonista = protagonist
anotaciones de tipo | anotaciones de tipos | tipado | type hints = type hints
librerías externas | bibliotecas externas | dependencias externas | paquetes externos = external libraries
librerías de fuera | bibliotecas de fuera | paquetes de fuera | librerías de terceros = external libraries
sin dependencias = without dependencies
pruebas unitarias | tests unitarios | pruebas = unit tests
solo la biblioteca estándar | solo la librería estándar = standard library only
biblioteca estándar | librería estándar = standard library
comentarios = comments
solo el código | únicamente el código = only the code
un solo bloque de código | un único bloque de código = a single code block
bloque de código = code block
librerías de terceros | bibliotecas de terceros | paquetes de terceros = third-party libraries
sin explicación | sin explicaciones = no explanation
explicación = explanation
casos de prueba | casos de test = test cases
más de una vez = more than once
el | la | los | las = the
un | una = a
del = of the
al final = at the end
pásamelo a | pásalo a | pásamela a | pásala a | pásamelos a | pásalos a | pasa a = convert it to
como cierre | de cierre | para cerrar = at the end
al principio | al inicio = at the beginning
con = with
en = in
sobre = about
para = for
de = of
cada = each
cada uno | cada una = each one
ninguno de ellos | ninguna de ellas | ninguno de ellas = none of them
ninguno de más de | ninguna de más de | ninguno con más de | ninguna con más de = none over
ninguna línea de más de | ninguna línea con más de = no line of more than
ninguno supere | ninguna supere | ninguno debe superar | ninguna debe superar = none over
ninguna puede pasar de | ninguno puede pasar de | ninguna pasa de | ninguno pasa de = none over
ninguno supere las | ninguna supere las | ninguno debe superar las | ninguna debe superar las = none over
ninguno supere los | ninguna supere los | ninguno debe superar los | ninguna debe superar los = none over
debe tener | deben tener = must have
puede tener | pueden tener = can have
por cada = per
en formato = in format
en inglés = in English
en español | en castellano = in Spanish
en francés = in French
en alemán = in German
en italiano = in Italian
en portugués = in Portuguese
inglés = English
español | castellano = Spanish
francés = French
alemán = German
italiano = Italian
portugués = Portuguese
"""

FRENCH = """
sans mise en forme | sans aucune mise en forme | sans formatage = without formatting
texte brut = plain text
il me faut | il nous faut = I need
vire | virez = cut
surtout les mots = especially the words
d'entre eux | d'entre elles = of them
juste le code | rien que le code = only the code
n'écris rien après | n'ajoute rien après | ne mets rien après | rien après = nothing after
après le code | après ton code = after the code
petits | petites = small
ni de = or
une ligne vide | une ligne blanche | une ligne sautée = a blank line
# what happens past a count ("au-delà de vingt mots, un point ne se lit plus"): read with the count as its limit
ne se lit plus | ne se lisent plus | personne ne lit | personne ne le lit | personne ne la lit = nobody reads it
se coupe | se fait couper | est coupé | est coupée | est tronqué | est tronquée | sont coupés = gets cut
coupe à | coupe après = cuts off at
décroche | décrochent = stop reading
rien en capitales | rien en majuscules | aucune majuscule = no capital letters
rien sur | rien au sujet de | rien à propos de = nothing about
chaque objet = each object
rien d'autre dans les objets | rien d'autre dans l'objet = nothing else in the objects
termine en me demandant | finis en me demandant | conclus en me demandant = finish by asking me
tout pile | pile poil = exactly
tiens-toi à | tenez-vous en à | tiens-t'en à | limite-toi à | limitez-vous à = stick to
au plus | au maximum | tout au plus | au grand maximum = at most
maximum | max = max
pas plus de | pas plus que = no more than
ne dépasse pas | ne dépassant pas | ne doit pas dépasser | sans dépasser | qui ne dépasse pas = at most
ne dépassez pas = at most
ne fasse pas plus de | ne fait pas plus de | ne fais pas plus de = no more than
jusqu'à = up to
moins de | moins que = fewer than
au moins | au minimum | pas moins de = at least
au total | en tout = in total
en gardant | en conservant = keeping
garde | garder | conserve | conserver = keep
le nom de la fonction = the name of the function
minimum = min
plus de = more than
exactement | précisément | pile = exactly
la phrase exacte | l'expression exacte | les mots exacts | la formule exacte = the exact phrase
exacte | exact | exacts | exactes = exact
pas une seule | pas un seul = not a single
seulement | uniquement = only
environ | à peu près | autour de | approximativement = about
ou moins = or fewer
ou plus = or more
entre = between
et = and
ou | ni = or
mots = words
mot = word
phrases = sentences
phrase = sentence
dernière | dernier = last
bloc de code | blocs de code = code block
encadré de code | encadrés de code = code block
ne le mets pas dans | ne la mets pas dans | ne les mets pas dans | ne le mettez pas dans = do not put it in
au-dessus du | au-dessus de la | au-dessus des = above the
au-dessus de = above
gros titre | grand titre = title
numérote | numérotez | numéroter = number
étape = step
bannis | bannissez | bannir = ban
pose-moi | posez-moi | pose-nous | posez-nous = ask me
autour = around
être = be
paragraphes = paragraphs
paragraphe = paragraph
lignes = lines
ligne = line
strophes = stanzas
strophe = stanza
puces | points de liste = bullet points
puce = bullet point
liste à puces = bulleted list
points = points
caractères | signes = characters
fois = times
une fois = once
une seule fois = only once
deux fois = twice
me suffisent | me suffit | suffisent | suffit | ça suffit = are enough
son prénom | son nom | leur prénom | leur nom = the name
leurs prénoms | leurs noms | ses prénoms = the names
prénom = first name
prénoms = first names
pas plus = no more
voire plus = or more
pas une de plus | pas un de plus | pas davantage | pas une ligne de plus | pas un mot de plus = no more
en première ligne | première ligne = first line
sans les ``` autour | sans ``` autour | sans les backticks autour = no ``` around it
est à éviter | sont à éviter = is to be avoided
fais-moi | faites-moi = make me
sors-moi | sortez-moi | m'en sortir | me sortir | nous sortir = give me
je veux le lire | je veux la lire | je veux le voir | je veux la voir = I want to see it
sections = sections
parties = parts
virgules = commas
virgule = comma
émojis | emojis | émoticônes = emojis
émoji | emoji | émoticône = emoji
espaces réservés | champs à compléter | champs à remplir | emplacements | zones à remplir = placeholders
espace réservé | champ à compléter | champ à remplir | emplacement = placeholder
crochets = square brackets
entre crochets = in square brackets
entre guillemets doubles | entre doubles guillemets | entre guillemets droits = in double quotation marks
entre guillemets = in quotation marks
comme = like
par exemple | p. ex. = for example
doubles chevrons | chevrons doubles = double angular brackets
post-scriptum = postscript
titre = title
guillemets doubles | guillemets droits | doubles guillemets = double quotation marks
guillemets = quotation marks
majuscules | lettres majuscules | capitales | lettres capitales = capital letters
minuscules | lettres minuscules = lowercase letters
tout en majuscules | entièrement en majuscules | uniquement en majuscules = all in capital letters
tout en capitales | entièrement en capitales | uniquement en capitales = all in capital letters
toute en majuscules | toute en capitales = all in capital letters
tout en minuscules | entièrement en minuscules | uniquement en minuscules | toute en minuscules = all in lowercase
sans majuscule | sans majuscules | sans aucune majuscule = without capital letters
liste numérotée = numbered list
étapes numérotées = numbered steps
liste | listes = list
tableau = table
dans cet ordre | dans l'ordre suivant | dans cet ordre-là = in this order
avec pour colonnes | avec comme colonnes = with columns
tableau markdown | tableau en markdown | tableau au format markdown = Markdown table
range-moi ça | range-moi | rangez-moi ça | rangez-moi | range ça = put it
la phrase de conclusion | ta phrase de conclusion | la phrase finale de conclusion = the concluding sentence
zéro = no
absolument = absolutely
y figurer | y apparaître | y être = appear
colonnes = columns
clés = keys
clé = key
format = format
gras = bold
italique = italics
surligne | mets en évidence | mettez en évidence = highlight
en évidence | en surbrillance = highlighted
réponse finale | résultat final = final answer
sous les | sous la barre des | sous la barre de | en dessous de | en deçà de = under
blabla | bla-bla | baratin = waffle
reste tel quel | reste telle quelle | restent tels quels | restent telles quelles = stays as it is
doit rester | doivent rester = must stay
doit survivre | doivent survivre = must survive
tel quel | telle quelle | tels quels | telles quelles = as it is
reste | restez | rester = stay
réponds par | répondez par | réponds d'abord par | répondez d'abord par = respond with
d'abord | en premier = first
séparés par | séparées par | séparé par | séparée par = separated by
deux réponses différentes | deux réponses distinctes = two different responses
mot pour mot = word for word
réponse = response
toute la réponse | toute ta réponse | toute votre réponse | ta réponse entière = the entire response
ta réponse | votre réponse = your response
texte = text
le nom de | le nom du | les noms de | les noms des = the name of
étapes = steps
éléments = items
conseils = tips
conseil = tip
qui commence par | qui commencent par | qui débute par = that starts with
idées = ideas
propositions = suggestions
proposition = suggestion
# where a reader stops: "elle ne lit pas au-delà de trois phrases", "il décroche après la deuxième phrase"
au-delà de | au-delà des | au-delà du = beyond
ne lit pas | ne lira pas | ne lit jamais = won't read
décroche après | arrête de lire après | ne lit plus après | lâche après = stops reading after
la première chose que tu écris | la première chose qu'il voit | la première chose qu'elle voit = the first thing
doit être | devra être | devrait être = should be
première | premier = first
deuxième | seconde = second
troisième = third
quatrième = fourth
cinquième = fifth
# running text, not a list: "2 paragraphes max, en texte suivi"
en texte suivi | en texte continu | en prose continue = with no lists
# "ça doit tenir en 60 mots": fit in
tenir en | tenir dans | tient en | tient dans | tiennent en = fit in
n'utilise pas | n'utilisez pas | n'emploie pas | n'employez pas | n'utilise jamais = do not use
n'écris pas | n'écrivez pas | n'écris jamais | n'écrivez jamais = do not write
interdit d'écrire | interdit d'utiliser | interdit d'employer | interdit de dire | interdit de mettre = do not use
interdit de mentionner | interdit d'évoquer | interdit de citer = do not mention
interdit de parler de | interdit de parler du = do not talk about
n'oublie pas | n'oubliez pas | n'oublie surtout pas | n'oubliez surtout pas | sans oublier = don't forget
ne termine pas par | ne termine pas avec | ne finis pas par | ne conclus pas par | ne terminez pas par = do not end with
ne commence pas par | ne commence pas avec | ne commencez pas par | ne débute pas par = do not start with
glisse | glissez | glisser = slip in
quelque part = somewhere
n'inclus pas | n'incluez pas = do not include
ne veux pas entendre parler de | ne veux pas entendre parler du = do not want to hear about
ne veux pas entendre parler des = do not want to hear about
ne mentionne pas | ne mentionnez pas | ne cite pas | ne citez pas | n'évoque pas | n'évoquez pas = do not mention
ne pas mentionner | ne pas évoquer | ne pas citer | ne jamais mentionner = do not mention
ne pas parler de | ne pas parler du = do not talk about
ne pas utiliser | ne pas employer = do not use
ne nomme pas = do not mention
ne parle pas de | ne parle pas du | ne parlez pas de | ne parlez pas du = do not talk about
ne me parle pas de | ne me parle pas du | ne me parlez pas de | ne me parlez pas du = do not talk about
ne me parle pas des | ne me parlez pas des | ne parle pas des | ne parlez pas des = do not talk about
propose-m'en | propose-moi en | donne-m'en | donne-moi en = give me
numérotées | numérotés | numérotée | numéroté = numbered
ne parle plus de | ne parle plus du | ne parle plus des | ne parlez plus de | ne parlez plus du = do not talk about
ne me parle plus de | ne me parle plus du | ne me parle plus des = do not talk about
ne me parlez plus de | ne me parlez plus du = do not talk about
sans utiliser | sans employer = without using
sans mentionner | sans évoquer | sans parler de | sans parler du | sans citer = without mentioning
sans aucune | sans aucun = without any
sans = without
pas de | pas d' = no
aucun | aucune = no
évite | évitez | éviter | en évitant = avoid
évite de parler de | évitez de parler de | évite de parler du | évitez de parler du = avoid talking about
évite de mentionner | évitez de mentionner | évite d'évoquer | évitez d'évoquer = avoid mentioning
évite d'utiliser | évitez d'utiliser | évite d'employer | évitez d'employer = avoid using
jamais = never
utilise | utilisez | emploie | employez | utiliser | employer | utilisant = use
inclus | incluez | inclure | intègre | intégrez | incluant = include
mentionne | mentionnez | mentionner | cite | citez = mention
termine | terminez | finis | finissez | conclus | concluez | terminer | finir | conclure = end
en terminant | en finissant | en concluant = ending
clore | clôturer = end
doit s'appeler | devra s'appeler | doit s’appeler | va s'appeler | s'appellera = must be called
s'appelle | s’appelle = is called
protagoniste = protagonist
personnage principal = main character
termine par | terminez par | finis par | finissez par | conclus par | termine avec | terminer par = end with
en terminant par = end with
commence | commencez | commencer | débute | débutez = start
commence par | commencez par | débute par | commencer par = start with
en commençant par | en débutant par = starting with
ouvre | ouvrez | ouvrir = open
ouvre avec | ouvrez avec | ouvre par | ouvrez par = open with
pas le mot | pas le terme = not the word
pas un mot sur | pas un mot de | pas un mot à propos de = no mention of
grand maximum | grand max | maxi = max
au format | en format = in the format
du genre | du style = like
couplets = stanzas
couplet = stanza
réponds | répondez | répondre = respond
écris | écrivez | rédige | rédigez | écrire | rédiger = write
ajoute | ajoutez | ajouter = add
mets | mettez | place | placez = put
donne-moi | donnez-moi = give me
explique | expliquez | expliquer = explain
explique-moi | expliquez-moi = explain me
explique-nous | expliquez-nous = explain us
corrige | corrigez | corriger = fix
de noms | des noms = names
autre | autres = other
noms = names
l'en-tête | l'entête | la ligne d'en-tête | en-tête = the header row
en-tête = header
le vers = the line
un vers = a line
le dernier vers = the last line
écris-moi | écrivez-moi = write me
uniquement par | seulement par = only with
donne | donnez = give
renvoie | renvoyez | retourne | retournez = return
intertitres | titres = headings
expressions = phrases
expression = phrase
énumère | énumérez = list
résume | résumez | résumer = summarize
traduis | traduisez | traduire = translate
apparaisse | apparaître | apparaît | revient | revienne | figure | figurer | apparaissent = appear
doit | doivent | devra = must
il faut que = make sure that
s'il te plaît | s'il vous plaît = please
fonction = function
fonction python | fonction en python = Python function
script python | script en python = Python script
classe python | classe en python = Python class
fonctions = functions
classe = class
méthode = method
méthodes = methods
nommée | nommé | appelée | appelé = called
annotations de type | annotations de types | indications de type = type hints
bibliothèque externe | bibliothèques externes | dépendance externe | dépendances externes = external libraries
librairie externe | librairies externes = external libraries
sans dépendance | sans dépendances = without dependencies
tests unitaires | tests = unit tests
uniquement la bibliothèque standard | seulement la bibliothèque standard = standard library only
rien que la bibliothèque standard = standard library only
garde le nom | gardez le nom | garder le nom = keep the name
bibliothèque standard = standard library
commentaires = comments
uniquement le code | seulement le code = only the code
un seul bloc de code | un unique bloc de code = a single code block
bibliothèques tierces | bibliothèque tierce | librairies tierces | paquets tiers = third-party libraries
sans explication | sans explications = no explanation
explication = explanation
cas de test | cas de tests = test cases
pas qu'une fois | pas qu'une seule fois | plus d'une fois = more than once
le | la | les | l' = the
un | une = a
avec = with
en = in
dans = in
sur = on
pour = for
de | d' = of
du | des = of the
chaque = each
chacun | chacune = each one
aucun ne doit dépasser | aucune ne doit dépasser | aucun ne dépasse | aucune ne dépasse = none over
aucun de plus de | aucune de plus de | aucun ne fait plus de | aucune ne fait plus de = none over
doit faire | doivent faire | devra faire = must be
par = per
à la fin = at the end
au début = at the beginning
sous forme de | sous la forme d'une | sous forme d'une | sous forme d'un = in the form of
au format = in format
en anglais = in English
en français = in French
en espagnol = in Spanish
en allemand = in German
en italien = in Italian
en portugais = in Portuguese
anglais = English
français = French
espagnol = Spanish
allemand = German
italien = Italian
portugais = Portuguese
"""

GERMAN = """
ohne Formatierung | ohne jede Formatierung | keine Formatierung = without formatting
reiner Text | reinen Text | nur Text = plain text
bekommt | bekommen | erhält | erhalten = gets
fremdbibliotheken | fremdbibliothek | externe bibliotheken | externen bibliotheken = external libraries
nur deutsch | bitte nur deutsch = only in German
nach dem code | nach deinem code | unter dem code = after the code
am ende eine frage | am schluss eine frage | zum schluss eine frage = end with a question
da passt nur | da passen nur | passt nur | passen nur = only fits
eine zeile frei | eine leerzeile | einer leerzeile | leerzeile | leere zeile = a blank line
zwischen denen = with between them
# what happens past a count ("über 130 Wörter wird nur noch gescrollt"): read with the count as its limit
wird nur noch gescrollt | wird nur gescrollt | liest keiner mehr | liest niemand mehr = nobody reads it
liest das keiner | liest das niemand = nobody reads it
wird abgeschnitten | werden abgeschnitten = gets cut
englisch formulieren | auf englisch formulieren | englisch schreiben | auf englisch schreiben = write in English
soll in der antwort gar nicht auftauchen | soll in der antwort nicht auftauchen = should not appear
soll gar nicht auftauchen = should not appear
darf in der antwort nicht auftauchen | darf gar nicht auftauchen | soll nirgends auftauchen = should not appear
ganz unten | ganz am ende | ganz zum schluss = at the very end
nicht als code formatiert | nicht als code formatieren | nicht als code = not in a code block
gehört unbedingt rein | gehört rein | muss unbedingt rein | muss rein | soll rein = must be in it
soll drin vorkommen | soll drin stehen | muss drin vorkommen | muss drin stehen | soll drinstehen = should appear
darf nicht verloren gehen | darf nicht fehlen | dürfen nicht fehlen | darf nicht rausfliegen = must stay in
fliegt raus | muss raus | fliegt komplett raus | kommt raus = is banned
datum = date
höchstens | maximal | max. | maximal nur | allerhöchstens = at most
nicht mehr als = no more than
nicht länger als | darf nicht länger als | soll nicht länger als | sollte nicht länger als = no longer than
bis zu = up to
weniger als = fewer than
kürzer als = shorter than
unter = under
mindestens | wenigstens | minimal | mind. = at least
reichen mir | reicht mir | reichen | genügen | reicht | genügt | reichen völlig | reicht völlig = are enough
mehr als = more than
länger als = longer than
über = over
genau | exakt | exakt nur = exactly
genau einem | genau einen | genau eine | genau ein | exakt einem | exakt einen = exactly one
nur | lediglich | ausschließlich = only
etwa | ungefähr | circa | ca. | rund = about
oder weniger = or fewer
oder mehr = or more
zwischen = between
und = and
oder | noch = or
bis = to
wörter | wörtern | worte | worten = words
bloß nicht die wörter | bloss nicht die wörter | bloß nicht das wort | bloss nicht das wort = do not use the words
bleibt unverändert | bleiben unverändert | bleibt so = stays as it is
bleibt wie er ist | bleibt wie sie ist | bleibt wie es ist = stays as it is
bleibt | bleiben = stays
drüber = above it
gelaber | geschwafel | blabla = waffle
wort = word
begriff = term
sätze | sätzen = sentences
satz = sentence
letzte | letzten | letzter = last
absätze | absätzen | abschnitte | abschnitten = paragraphs
absatz | abschnitt = paragraph
zeilen = lines
zeile = line
strophen = stanzas
strophe = stanza
stichpunkte | stichpunkten | aufzählungspunkte | aufzählungspunkten | spiegelstriche | spiegelstrichen = bullet points
stichpunkt | aufzählungspunkt | spiegelstrich = bullet point
punkte | punkten = points
punkt = point
zeichen = characters
kommas | kommata = commas
komma = comma
emojis = emojis
emoji = emoji
platzhalter | platzhaltern = placeholders
eckigen klammern | eckige klammern = square brackets
wie = like
zum beispiel = for example
postskriptum | nachsatz = postscript
titel = title
überschrift = heading
doppelten spitzen klammern | doppelte spitze klammern = double angular brackets
doppelten anführungszeichen | doppelte anführungszeichen = double quotation marks
anführungszeichen = quotation marks
großbuchstaben | versalien = capital letters
kleinbuchstaben = lowercase letters
komplett in großbuchstaben | nur in großbuchstaben | alles in großbuchstaben = all in capital letters
ganz in großbuchstaben | nur großbuchstaben | komplett großgeschrieben | in versalien = all in capital letters
alles kleingeschrieben | komplett kleingeschrieben | alles klein geschrieben | komplett klein = all in lowercase
nur kleinbuchstaben | alles in kleinbuchstaben | komplett in kleinbuchstaben = all in lowercase
nur in kleinbuchstaben | kleingeschrieben = all in lowercase
alles in kleinen buchstaben | nur kleine buchstaben | komplett in kleinen buchstaben = all in lowercase
in kleinen buchstaben = in lowercase letters
mach daraus | macht daraus | mach mir daraus | mach uns daraus = turn it into
ohne großbuchstaben | keine großbuchstaben = without capital letters
nummerierte liste | nummerierten liste = numbered list
nummerierte schritte = numbered steps
aufzählung | aufzählungen = bulleted list
liste | listen = list
als = as
tabelle = table
markdown-tabelle | markdowntabelle = Markdown table
spalten = columns
schlüsseln | schlüssel = keys
format = format
in fettschrift | fettgedruckt | fett gedruckt | in fett = in bold
fett | fettdruck = bold
kursiv | kursivschrift = italics
hervorheben | hebe hervor = highlight
getrennt durch | getrennt mit = separated by
zwei verschiedene antworten | zwei unterschiedliche antworten = two different responses
wort für wort = word for word
antwort = response
die ganze antwort | die gesamte antwort | deine ganze antwort | deine gesamte antwort = the entire response
deine antwort = your response
text = text
den namen | den namen von | die namen | seinen namen | ihren namen | ihr name | sein name = the name
ihren vornamen | seinen vornamen | ihr vorname | sein vorname = the first name
schritte | schritten = steps
tipps = tips
idee = idea
nicht mehr = no more
mehr nicht | mehr bitte nicht | und nicht mehr | nicht mehr und nicht weniger = no more
irgendwo | irgendwie = somewhere
ohne einen einzigen großbuchstaben | ohne einen großbuchstaben = without capital letters
ideen = ideas
vorschläge | vorschlägen = suggestions
vorschlag = suggestion
sprüche | sprüchen = slogans
spruch = slogan
durchnummeriert | durchnummerieren | nummeriert | mit nummern davor | mit nummern = numbered
stück = pieces
danach | anschließend = after that
davon = of them
# where a reader stops: "nach dem dritten Satz hört sie auf zu lesen"
ersten | erste | erster = first
zweiten | zweite | zweiter = second
dritten | dritte | dritter = third
vierten | vierte | vierter = fourth
fünften | fünfte | fünfter = fifth
# running text, not a list: "bitte als Fließtext"
als fließtext | im fließtext | in fließtext | fließtext = with no lists
drinlassen | drin lassen | drinbehalten | drin behalten | beibehalten | behalten = keep
element = element
elemente = elements
feld = field
felder | feldern = fields
braucht | brauchen | benötigt | benötigen = needs
sonst = otherwise
verwende nicht | benutze nicht | nutze nicht | verwende kein | verwende keine | benutze kein = do not use
benutze keine | verwende niemals | verwende nie = do not use
erwähne nicht | erwähne nie | erwähne niemals = do not mention
darf nicht vorkommen | dürfen nicht vorkommen | darf nicht auftauchen | soll nicht vorkommen = must not be used
soll nicht mehr vorkommen | darf nicht mehr vorkommen | sollte nicht mehr vorkommen = must not be used
soll nirgends vorkommen | darf nirgends vorkommen | sollte nicht vorkommen | soll nicht auftauchen = must not be used
soll nicht drin sein | soll nicht mehr drin sein | darf nicht drin sein | darf nicht mehr drin sein = must not be used
sollte nicht drin sein | soll nicht drinstehen | darf nicht drinstehen | soll nicht mehr drinstehen = must not be used
ohne = without
für = for
vermeide | vermeiden = avoid
verzichte auf | verzichte bitte auf | verzichtet auf | verzichten sie auf | verzichte ganz auf = avoid
ist tabu | sind tabu | ist verboten | sind verboten | ist untersagt | sind untersagt = is forbidden
mehr geht nicht | mehr passt nicht | mehr geht nicht rein | mehr passt nicht rein = and no more
irgendwo = somewhere
will ich nicht lesen | will ich nicht sehen | möchte ich nicht lesen | möchte ich nicht sehen = should not appear
schreib nirgends | schreibe nirgends = do not use
nie | niemals = never
verwende | benutze | nutze | verwenden | benutzen | nutzen | verwendet = use
zu verwenden | zu benutzen | zu nutzen = to use
einbauen | baue ein | baue | einfließen lassen = include
enthalten | enthält | enthalte = contain
erwähne | erwähnen | erwähn | nenne | nennen = mention
ausdrücklich = explicitly
das thema = the topic
drin sein | drinstehen | drin stehen | drinbleiben | drin bleiben = be in it
auf jeden fall | unbedingt = definitely
eigene | eigenen = separate
zu erwähnen = to mention
beende | beenden | schließe | schließen | ende | enden | endet | schließ = end
beginne | beginnen | starte | fange an | fang an = start
antworte | antwortet | antworten = respond
schreib | schreibe | schreiben | verfasse | verfassen | formuliere = write
füge | ergänze = add
hinzu = _
setze | stelle = put
gib mir = give me
erkläre | erklär | erklären = explain
korrigiere | korrigier | behebe = fix
namen = names
weiteren | weitere | weiterer | anderen | andere | anderer = other
die kopfzeile | der kopfzeile | kopfzeile = the header row
zu je = of
schreib mir | schreibe mir = write me
nenn mir | nenne mir = list me
beantworte = answer
frage = question
nur mit = only with
zurück | dar = _
sprich nicht über | rede nicht über | sprich nicht von | schreib nicht über = do not talk about
nennen ihn | nennt ihn | nannten ihn = call him
schreib nichts über | schreib nichts zu | sag nichts über | sag nichts zu = do not talk about
kein Wort über | kein Wort zu = do not talk about
nichts vom | nichts von dem | nichts von der | nichts über den | nichts über die | nichts über das = nothing about the
letzte woche | letzter woche = last week
überschriften | zwischenüberschriften = headings
ausdrücke | ausdrücken | formulierungen = phrases
ausdruck | formulierung = phrase
gib = give
liste auf | zähle auf = list
fasse = summarize
zusammen = _
übersetze | übersetzen = translate
vorkommt | vorkommen | auftaucht | auftauchen | erscheint | erscheinen = appear
muss | müssen = must
soll | sollte | sollen = should
darf nicht = must not
bitte = please
funktion = function
python-funktion | funktion in python = Python function
javascript-funktion | js-funktion = JavaScript function
typescript-funktion = TypeScript function
python-skript | skript in python = Python script
python-klasse = Python class
funktionen = functions
klasse = class
methode = method
methoden = methods
namens | mit dem namen | mit namen = called
typannotationen | typ-annotationen | typhinweise | type hints | typangaben = type hints
externe bibliotheken | externen bibliotheken | externe pakete | externen pakete = external libraries
externe abhängigkeiten = external libraries
zusätzliche bibliotheken | zusätzlichen bibliotheken | zusätzliche pakete | zusätzlichen pakete = extra libraries
ohne abhängigkeiten = without dependencies
unit-tests | unittests | tests = unit tests
nur die standardbibliothek | nur standardbibliothek = standard library only
standardbibliothek = standard library
docstring = docstring
kommentare | kommentaren = comments
nur den code | nur code = only the code
einem einzigen codeblock | einen einzigen codeblock | einem einzigen code-block = a single code block
codeblock | code-block = code block
drittanbieter-bibliotheken | bibliotheken von drittanbietern | drittanbieter-pakete = third-party libraries
ohne erklärung | ohne erklärungen = no explanation
ohne erklärtext | ohne erklärtext drumherum | ohne erklärung drumherum | ohne erläuterung = no explanation
erklärung | erklärtext | erläuterung = explanation
testfälle | testfällen = test cases
mehr als einmal | öfter als einmal = more than once
ein einziges mal | nur ein einziges mal | nur einmal = only once
genau einmal = exactly once
unterschreib mit | unterschreibe mit | unterzeichne mit | unterschreibt mit = sign off with
zusatzpakete | zusatzbibliotheken | zusätzliche pakete | externe pakete | externen pakete = extra packages
weiterhin | auch weiterhin | immer noch = still
# "…, das ist noch geheim": a clause about what was just named, not an article and a noun
das ist | das war | das wäre = that is
der | die | das | den | dem | des = the
ein | eine | einen | einem | einer | eines = a
mit = with
in = in
im = in the
ins = into the
am ende = at the end
# "als Abschluss wortwörtlich: …": the closing words of the reply
soll heißen | muss heißen | sollte heißen | soll heissen | muss heissen = should be called
nichts mehr | sonst nichts = nothing more
kein wort zum | kein wort zur | kein wort über | kein wort vom | kein wort von der = not a word about
der funktionsname | den funktionsnamen | der name der funktion = the function name
muss so bleiben | soll so bleiben | muss gleich bleiben | soll gleich bleiben = must stay the same
oder sonstige | oder sonstigen | oder andere | oder anderen | oder weitere = or other
am schluss | zum schluss | zum abschluss | als abschluss = at the end
am anfang = at the beginning
jeder | jede | jedes | jeden | jedem = each
jeweils = each
jeweils mit | mit jeweils | mit je = each with
keine länger als | keiner länger als | keines länger als | keins länger als = none longer than
keine davon länger als | keiner davon länger als | keines davon länger als = none of them longer than
keine mit mehr als | keiner mit mehr als | keines mit mehr als = none with more than
keine kürzer als | keiner kürzer als | keines kürzer als = none shorter than
pro | je = per
kein | keine | keinen | keiner | keinem = no
nicht = not
insgesamt = in total
z. b. | z.b. = e.g.
auf deutsch = in German
auf englisch = in English
in englischer sprache = in English
in deutscher sprache = in German
in französischer sprache = in French
in spanischer sprache = in Spanish
verse = lines
lang = long
codeblock | code-block = code block
ein zweiter | ein zweites | eine zweite = a second
auf französisch = in French
auf spanisch = in Spanish
auf italienisch = in Italian
auf portugiesisch = in Portuguese
ins englische = into English
ins deutsche = into German
ins französische = into French
ins spanische = into Spanish
deutsch = German
englisch = English
französisch = French
spanisch = Spanish
italienisch = Italian
portugiesisch = Portuguese
"""

# ---------------------------------------------------------------------------------------------------------------
# Number words

_ES_NUMBERS = {
    "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
    "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciséis": 16, "diecisiete": 17,
    "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiuna": 21, "veintidós": 22,
    "veintitrés": 23, "veinticuatro": 24, "veinticinco": 25, "veintiséis": 26, "veintisiete": 27, "veintiocho": 28,
    "veintinueve": 29, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90, "cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200, "trescientos": 300,
    "trescientas": 300, "cuatrocientos": 400, "cuatrocientas": 400, "quinientos": 500, "quinientas": 500,
    "seiscientos": 600, "seiscientas": 600, "setecientos": 700, "setecientas": 700, "ochocientos": 800,
    "ochocientas": 800, "novecientos": 900, "novecientas": 900, "mil": 1000,
}
_FR_NUMBERS = {
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
    "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16, "vingt": 20, "vingts": 20,
    "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100, "cents": 100, "mille": 1000,
}
_DE_MORPHEMES = {
    "eins": 1, "ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sech": 6, "sieben": 7, "sieb": 7,
    "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "zwanzig": 20, "dreißig": 30, "vierzig": 40,
    "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90, "hundert": 100, "tausend": 1000,
}


def _sum_with_scales(values: list[int]) -> int | None:
    """Number words in order ("doscientas", "cincuenta") as one number: hundreds and thousands multiply."""
    total = current = 0
    for value in values:
        if value == 1000:
            total += (current or 1) * 1000
            current = 0
        elif value == 100:
            current = (current or 1) * 100
        else:
            current += value
    return total + current or None


def _spanish_number(text: str) -> int | None:
    words = [w for w in re.split(r"[\s-]+", text.lower()) if w and w != "y"]
    if any(w not in _ES_NUMBERS for w in words):
        return None
    values = [_ES_NUMBERS[w] for w in words]
    total = current = 0
    for value in values:  # "doscientas" already means 200: hundreds here add, "mil" multiplies
        if value == 1000:
            total += (current or 1) * 1000
            current = 0
        else:
            current += value
    return total + current or None


def _french_number(text: str) -> int | None:
    words = [w for w in re.split(r"[\s-]+", text.lower()) if w and w != "et"]
    values: list[int] = []
    for i, word in enumerate(words):
        if word not in _FR_NUMBERS and not (i > 0 and word in ("un", "une")):  # "vingt et un", never "un" alone
            return None
        value = _FR_NUMBERS.get(word, 1)
        if value == 20 and values and values[-1] == 4 and i > 0 and words[i - 1] == "quatre":
            values[-1] = 80  # quatre-vingt(s)
            continue
        values.append(value)
    return _sum_with_scales(values)


_DE_MORPHEME_RE = re.compile("|".join(sorted(_DE_MORPHEMES, key=len, reverse=True)) + "|und")


def _german_number(text: str) -> int | None:
    word = text.lower()
    pos, values = 0, []
    while pos < len(word):
        m = _DE_MORPHEME_RE.match(word, pos)
        if not m:
            return None
        if m.group() != "und":
            values.append(_DE_MORPHEMES[m.group()])
        pos = m.end()
    if not values:
        return None
    # "fünfundzwanzig" is 5 + 20, "dreizehn" 3 + 10, "zweihundertfünfzig" 2 * 100 + 50
    return _sum_with_scales(values)


# "y" and "et" join a ten and a unit ("treinta y dos", "vingt et un"), never two numbers of a range: "entre tres y
# cinco" and "entre trois et cinq" are 3 and 5, not 8.
_ES_NUMBER_RE = ("(?:" + "|".join(sorted(_ES_NUMBERS, key=len, reverse=True)) + r")(?:(?:(?<=nta)\s+y\s+|\s+)(?:"
                 + "|".join(sorted(_ES_NUMBERS, key=len, reverse=True)) + r")){0,3}")
_FR_WORDS = "|".join(sorted(_FR_NUMBERS, key=len, reverse=True))
_FR_NUMBER_RE = rf"(?:{_FR_WORDS})(?:(?:-et-|\s+et\s+)(?:un|une|onze)|(?:-|\s+)(?:{_FR_WORDS}|un|une)){{0,4}}"
_DE_NUMBER_RE = (r"(?:(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|sech|sieb|zwanzig|dreißig|"
                 r"vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert|tausend|und){1,6})")

# Words a number pattern would take that are mostly articles or joiners: glossed as words, not as numbers.
NOT_NUMBERS = r"(?:ein|eine|und|uno)(?![\wäöüß-])"

# ---------------------------------------------------------------------------------------------------------------
# Reorderings: word orders the English patterns would not read, rewritten before the word-for-word gloss.

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]
# "ni listas ni viñetas", "ni titres ni listes": neither one nor the other, each left out
_NEITHER_NOR = r"\bni\s+([^\W\d_][\w-]*)\s+ni\s+([^\W\d_][\w-]*)"
_ES_REORDER: tuple[Rule, ...] = (
    # "en un único bloque": one block of text, one paragraph (not "un solo bloque de código")
    (re.compile(r"\ben\s+un\s+(?:único|solo)\s+bloque\b(?!\s+de\s+(?:código|code))", re.IGNORECASE),
     lambda m: "in a single paragraph"),
    # the person or thing first, then "ni la nombres": "A Rocío ni la nombres", "lo del trampolín ni lo nombres"
    (re.compile(r"(?:^|(?<=[.;!?]\s)|(?<=,\s)|(?<=\sy\s))(?:a\s+)?((?:lo\s+de(?:l|\s+la)?\s+)?[\wáéíóúñü-]+(?:\s+[\wáéíóúñü-]+){0,2}?)"
                r"\s+ni\s+(?:la|lo|los|las|le|les)\s+(?:nombres|menciones|mentes|toques|mencionéis|toquéis)\b",
                re.IGNORECASE),
     lambda m: f"do not mention {m.group(1)}"),
    (re.compile(_NEITHER_NOR, re.IGNORECASE), lambda m: f"no {m.group(1)} and no {m.group(2)}"),
    # "sin palabras técnicas como «condensación»": the words given as examples, their kind aside
    (re.compile(r"\b(palabras|términos|expresiones)\s+[^\W\d_]+\s+(?=como\s+[«\"“])", re.IGNORECASE),
     lambda m: f"{m.group(1)} "),
    # "de 80 a 120 palabras" is a range
    # ... in words too: "de cien a ciento cincuenta palabras" (the gloss turns the words into figures after this)
    (re.compile(rf"\bde\s+(\d{{1,6}}|{_ES_NUMBER_RE})\s+a\s+(\d{{1,6}}|{_ES_NUMBER_RE})\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} to {m.group(2)}"),
    # ... and without "de" before a unit: "en 100 a 150 palabras"
    (re.compile(r"(?<![\w,.])(\d{1,6})\s+a\s+(\d{1,6})(?=\s+(?:palabras|frases|oraciones|líneas|párrafos|caracteres|"
                r"viñetas|puntos)\b)", re.IGNORECASE), lambda m: f"{m.group(1)} to {m.group(2)}"),
    # "una frase", "un solo párrafo": one of the unit, not an article
    # "en una frase", "en un solo párrafo": one of the unit, not an article ("dame una frase" is "a phrase")
    (re.compile(r"\ben\s+(?:un|una)\s+(sol[oa]\s+)?(?=(?:frase|oración|párrafo|línea|estrofa)\b)", re.IGNORECASE),
     lambda m: "in a single " if m.group(1) else "in one "),
    # "Tiene que salir Lola": a name that has to come up in the text ("tiene que salir bien" is how it comes out)
    (re.compile(r"\b(?i:tiene|tienen|debe|deben)\s+que\s+(?i:salir|aparecer)\s+(?=[A-ZÁÉÍÓÚÑ])"),
     lambda m: "it has to mention "),
    # "no más de 6 líneas y que la última empiece por": the last of the things just named, a pronoun before its verb
    (re.compile(r"\b(?:la|el)\s+últim[oa](?=\s+(?:empiece|empieza|comience|comienza|termine|termina|acabe|acaba|"
                r"lleve|tenga|sea|diga)\b)", re.IGNORECASE), lambda m: "the last one"),
)
_FR_REORDER: tuple[Rule, ...] = (
    # the subject named first and then dropped by a pronoun: "Le vermifuge, tu l'oublies", "Les frais de l'étude,
    # vous les passez sous silence": do not mention it (the thing, without what it belongs to)
    (re.compile(r"(?:^|(?<=[.!?;]\s)|(?<=\n))(?:le|la|les|l['’])\s*(?P<what>[^\W\d_][\w'’-]{1,30}(?:\s+[\w'’-]{1,30}){0,2}?)"
                r"(?:\s+(?:de|du|des|d['’])[^,.;\n]{1,40})?,\s*(?:(?:tu|vous)\s+(?:l['’]|la\s+|le\s+|les\s+)?"
                r"(?:oublies|oubliez|zappes|zappez|laisses\s+tomber|laissez\s+tomber|passes\s+sous\s+silence|"
                r"passez\s+sous\s+silence|évites|évitez|laisses\s+de\s+côté|laissez\s+de\s+côté)|"
                # "Le signalement en cours, on n'en dit rien", "…, tu n'en parles pas"
                r"(?:on|tu|vous)\s+n['’]en\s+(?:dit|dis|dites|parle|parles|parlez)\s+(?:rien|pas))\b",
                re.IGNORECASE),
     lambda m: f"ne mentionne pas {m.group('what')}"),
    # "sans mots techniques comme « hygrométrie »": the words given as examples, their kind aside
    (re.compile(r"\b(mots|termes|expressions)\s+[^\W\d_]+\s+(?=comme\s+[«\"“])", re.IGNORECASE),
     lambda m: f"{m.group(1)} "),
    # "Huit vers tout pile": verses counted are a poem's lines ("vers" alone is "towards")
    (re.compile(r"\b(un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quatorze|seize|\d{1,2})\s+vers\b(?!\s+(?:\d|midi|minuit|le|la|les|l'))",
                re.IGNORECASE), lambda m: f"{m.group(1)} lignes"),
    (re.compile(_NEITHER_NOR, re.IGNORECASE), lambda m: f"no {m.group(1)} and no {m.group(2)}"),
    # "trois strophes de quatre vers": "vers" counts lines only after a number
    (re.compile(r"\b(\d{1,3}|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quatorze|seize)\s+vers\b",
                re.IGNORECASE), lambda m: f"{m.group(1)} lines"),
    # "de 100 à 150 mots", "de cent à cent cinquante mots": a range
    (re.compile(rf"\bde\s+(\d{{1,6}}|{_FR_NUMBER_RE})\s+à\s+(\d{{1,6}}|{_FR_NUMBER_RE})\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} to {m.group(2)}"),
    # ... and without "de" before a unit: "en 100 à 150 mots"
    (re.compile(r"(?<![\w,.])(\d{1,6})\s+à\s+(\d{1,6})(?=\s+(?:mots|phrases|lignes|paragraphes|caractères|puces|"
                r"points)\b)", re.IGNORECASE), lambda m: f"{m.group(1)} to {m.group(2)}"),
    # "dans les 200 mots environ", "150 mots environ": about that many
    (re.compile(r"\b(?:dans\s+les\s+)?(\d{1,6})\s+(mots|phrases|lignes|caractères)\s+environ\b", re.IGNORECASE),
     lambda m: f"environ {m.group(1)} {m.group(2)}"),
    # "la dernière phrase, c'est « Bonne nuit. »": the sentence the reply ends with
    (re.compile(r"\b(la\s+(?:toute\s+)?dernière\s+(?:phrase|ligne)),\s*c['’]est(?=\s*[«\"])", re.IGNORECASE),
     lambda m: f"{m.group(1)} est"),
    # "à deux reprises": a number of times
    (re.compile(r"\bà\s+(\d{1,3}|deux|trois|quatre|cinq|six)\s+reprises\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} fois"),
    # "il en faut au moins trois": that many of the thing just named
    (re.compile(r"\b(?:il\s+en\s+faut|j'en\s+veux|il\s+m'en\s+faut)\s+((?:au\s+moins|au\s+plus|exactement|pas\s+plus\s+de|"
                r"moins\s+de)\s+)?(\w+)", re.IGNORECASE),
     lambda m: f"{m.group(1) or ''}{m.group(2)} of them"),
    (re.compile(r"\ben\s+(?:une|un)\s+(seul(?:e)?\s+)?(?=(?:phrase|ligne|paragraphe|strophe)\b)", re.IGNORECASE),
     lambda m: "in a single " if m.group(1) else "in one "),
)
_DE_TIMES_RE = re.compile(r"\b(\d{1,4}|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig)\s*-?\s*mal\b",
                          re.IGNORECASE)


def _de_times(text: str) -> str:
    return _DE_TIMES_RE.sub(lambda m: f"{m.group(1)} times", text)


_DE_QUOTED_LIST = r"(\"[^\"\n]{1,60}\"(?:\s*(?:,|oder|und|noch)\s*\"[^\"\n]{1,60}\")*)"
_DE_REORDER: tuple[Rule, ...] = (
    # "nur das, was bei Python sowieso dabei ist": only what comes with it
    (re.compile(r"\bnur\s+(?:das|was)\s*,?\s*was\s+(?:bei|mit|in)\s+(python|node)\s+(?:(?:sowieso|schon|eh|"
                r"standardmäßig)\s+)?(?:dabei|drin|enthalten|mitgeliefert)\s+ist\b", re.IGNORECASE),
     lambda m: f"only what comes with {m.group(1)}"),
    # the verb last: "also nicht „Bloom“ oder „Tempering“ schreiben" -> "do not use "Bloom" or "Tempering""
    (re.compile(r"\b(?:nicht|kein|keine|keinen)\s+" + _DE_QUOTED_LIST + r"\s+(?:schreiben|verwenden|benutzen|sagen|"
                r"nehmen)\b", re.IGNORECASE), lambda m: f"do not use {m.group(1)}"),
    # "Wörter wie „Provenienz“ und „Innung“ bitte komplett raus": the words named, then out
    (re.compile(r"\b(?:wörter|begriffe|ausdrücke|fremdwörter)\s+wie\s+" + _DE_QUOTED_LIST + r"\s+(?:bitte\s+)?"
                r"(?:(?:komplett|ganz|einfach|alle)\s+)?(?:raus|weg|streichen|weglassen|rauslassen)\b", re.IGNORECASE),
     lambda m: f"do not use words like {m.group(1)}"),
    # a separable verb around its object: "fang die Antwort mit Ja oder Nein an" -> "start the answer with ..."
    (re.compile(r"\b(?:fang|fange|fangt)\s+(?:([^.,;\n]{1,40}?)\s+)?(mit\s+[^.,;\n]{1,60}?)\s+an\b(?=\s*(?:[,.;!?]|$|und\b))",
                re.IGNORECASE), lambda m: f"start {m.group(1) + ' ' if m.group(1) else ''}{m.group(2)}"),
    # the infinitive last: "das Thema Budget bitte komplett rauslassen" -> "leave out the topic Budget"
    (re.compile(r"\b(?:das\s+thema|den\s+punkt|die\s+themen)\s+((?:[\wäöüß„“\"'-]+\s+){1,3}?)(?:bitte\s+)?"
                r"(?:(?:komplett|ganz|völlig|einfach)\s+)?(?:rauslassen|weglassen|auslassen|herauslassen|aussparen)\b",
                re.IGNORECASE), lambda m: f"leave out the topic {m.group(1).strip()}"),
    # the object first, a modal and the verb last: "Den Streit um die Heckenhöhe kannst du komplett weglassen"
    (re.compile(r"\b(?:den|die|das|dem)\s+((?:[\wäöüß„“\"'-]+\s+){1,4}?)(?:kannst|könntest|sollst|solltest|darfst|musst)"
                r"\s+du\s+(?:bitte\s+)?(?:(?:komplett|ganz|völlig|einfach|gerne?|ruhig)\s+)?"
                r"(?:rauslassen|weglassen|auslassen|herauslassen|aussparen)\b", re.IGNORECASE),
     lambda m: f"leave out the topic {m.group(1).strip()}"),
    # "Mit 50 Wörtern musst du auskommen": what the reply has to make do with is its most
    (re.compile(r"\bmit\s+(\d{1,5})\s+(wörtern|sätzen|zeilen|absätzen|zeichen)\s+(?:musst|sollst|solltest|kannst|must)\s+"
                r"du\s+auskommen\b", re.IGNORECASE),
     lambda m: f"at most {m.group(1)} {m.group(2)}"),
    # "Die zwei Funktionen sollen weiter ueberschneidung und freie_plaetze heißen": the names before the verb
    (re.compile(r"\b[\wäöüß]*?(funktionen|methoden|klassen)\s+(?:sollen|müssen|sollten)\s+(?:(?:auch\s+)?weiter(?:hin)?\s+|"
                r"immer\s+noch\s+)?((?:`[^`\n]{1,60}`|[A-Za-z_]\w{1,60})(?:\s*,\s*(?:`[^`\n]{1,60}`|[A-Za-z_]\w{1,60})){0,4}"
                r"\s+und\s+(?:`[^`\n]{1,60}`|[A-Za-z_]\w{1,60}))\s+heißen\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} called {m.group(2).replace(' und ', ' and ')}"),
    # "blank_correct muss so heißen bleiben": a name that can only be code (snake or camel case), kept
    (re.compile(r"`?((?=[A-Za-z_]\w*(?:_|(?-i:[a-z][A-Z])))[A-Za-z_]\w{1,60})`?\s+(?:muss|soll|sollte)\s+(?:auch\s+)?"
                r"(?:weiter(?:hin)?\s+)?(?:so\s+)?heißen(?:\s+bleiben)?\b", re.IGNORECASE),
     lambda m: f"keep the function name {m.group(1)}"),
    # "Die Funktion soll weiterhin `x` heißen", "Die Hauptfunktion soll x heißen": the name before the verb
    (re.compile(r"\b[\wäöüß]*?(funktion|methode|klasse)\s+(?:soll|muss|sollte)\s+(?:(?:auch\s+)?weiter(?:hin)?\s+|immer\s+noch\s+)?"
                r"(`[^`\n]{1,60}`|[A-Za-z_][\w]{1,60})\s+heißen\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} stays called {m.group(2)}"),
    # "am Schluss soll „Sportliche Grüße, Kai“ stehen": the words the reply ends with, the verb last
    (re.compile(r"\b(?:am|zum)\s+(?:schluss|ende)\s+(?:soll|muss|sollte)\s+(\"[^\"\n]{1,80}\")\s+stehen\b",
                re.IGNORECASE), lambda m: f"end with {m.group(1)}"),
    # "die Beitragserhöhung ab September klammerst du aus", "klammer die Preise aus": a subject left out
    # ("Die Lärmbeschwerde aus der 214 lass bitte ganz weg" too)
    (re.compile(r"\b(?:die|den|das)\s+([\wäöüß-]+)(?:\s+(?:ab|seit|vom|von|im|zum|zur|aus\s+der|aus\s+dem)\s+"
                r"[\wäöüß.]+)?\s+(?:(?:klammerst|klammere|klammert)\s+(?:du\s+)?(?:bitte\s+)?(?:(?:komplett|ganz)\s+)?aus|"
                r"(?:lass|lässt|lasst)\s+(?:du\s+)?(?:bitte\s+)?(?:(?:komplett|ganz)\s+)?weg)\b", re.IGNORECASE),
     lambda m: f"leave out the topic {m.group(1)}"),
    # the thing named first and then put out: "Das mit dem Anwalt bleibt draußen", "Werbung fliegt komplett raus",
    # "Die Telefonnummern haben da nichts zu suchen", "Die Kita gehört nicht auf die Wochenendliste"
    (re.compile(r"(?:^|(?<=[.;!?]\s)|(?<=\n)|(?<=,\s))(?:das\s+mit\s+(?:dem|der|den)\s+|(?:der|die|das|den)\s+)?"
                r"(?!(?:das|der|die|es|er|sie|alles|nichts|man|ich|du|wir|ihr)\b)((?-i:[A-ZÄÖÜ])[\wäöüß/-]*)\s+"
                r"(?:(?:bleibt|bleiben)\s+(?:bitte\s+)?(?:(?:komplett|ganz)\s+)?(?:draußen|außen\s+vor)|"
                r"(?:fliegt|fliegen)\s+(?:bitte\s+)?(?:(?:komplett|ganz)\s+)?raus|"
                r"(?:hat|haben)\s+(?:(?:da|hier|darin|dort)\s+)?(?:drin\s+)?nichts\s+(?:zu\s+suchen|verloren)|"
                r"(?:gehört|gehören)\s+(?:(?:da|hier)\s+)?nicht\s+(?:rein|hinein|dazu|(?:in|auf|ins)\b[^.;,!?\n]{0,40}))",
                re.IGNORECASE),
     lambda m: f"leave out the topic {m.group(1)}"),
    # "Nichts mit Gamification, das hatten wir schon", "Nichts mit Pilzen.": a verbless ban opening its clause (not
    # "das hat nichts mit dem Preis zu tun", a statement)
    (re.compile(r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=,\s))(?:und\s+|aber\s+)?(?:bitte\s+)?(?:auch\s+|gar\s+)?nichts\s+mit\s+"
                r"(?:(?:dem|der|den)\s+)?(?!(?:mir|dir|ihm|ihr|uns|euch|ihnen|es|sich)\b)([\wäöüß-]{3,30})"
                r"(?=\s*(?:[,.;!?]|$)|\s+bitte\b)", re.IGNORECASE), lambda m: f"nothing about {m.group(1)}"),
    # "Zum Parkplatz bitte nichts": nothing about the thing named first
    (re.compile(r"\b(?:zum|zur|zu\s+den|zu\s+dem|zu\s+der)\s+([\wäöüß-]+)\s+(?:bitte\s+)?(?:gar\s+)?nichts\b",
                re.IGNORECASE), lambda m: f"nothing about the {m.group(1)}"),
    # "zu den Kosten kein Wort": not a word about the thing named first
    (re.compile(r"\b(?:zu|über)\s+(?:den|dem|der|die|das)\s+([\wäöüß-]+)\s+(?:bitte\s+)?(?:kein|keinen)\s+(?:einzigen\s+)?"
                r"wort\b", re.IGNORECASE), lambda m: f"not a word about the {m.group(1)}"),
    # "hör mit einer Frage auf": the separable verb around its object, as "fang ... an" above
    (re.compile(r"\b(?:hör|höre|hört)\s+(mit\s+[^.,;\n]{1,60}?)\s+auf\b(?=\s*(?:[,.;!?]|$|und\b))", re.IGNORECASE),
     lambda m: f"end {m.group(1)}"),
    # "schließ mit einem Satz ab": the separable verb around its object, as "fang ... an" above
    (re.compile(r"\b(?:schließ|schließe|schliess|schliesse|schließt)\s+([^.,;\n]{1,40}?)\s+ab\b(?=\s*(?:[,.;!?]|$|und\b))",
                re.IGNORECASE), lambda m: f"end {m.group(1)}"),
    # "ein Satz, der mit „Fazit:“ beginnt": the relative clause's verb last
    (re.compile(r",?\s+der\s+mit\s+(\"[^\"\n]{1,60}\")\s+(?:anfängt|beginnt|startet|losgeht)\b", re.IGNORECASE),
     lambda m: f" that starts with {m.group(1)}"),
    # "erwähne den Aktienkurs nicht": the negation ends the clause in German
    (re.compile(r"\b(erwähne|nenne|verwende|benutze?|nutze?)\s+((?:[\wäöüß„“\"'-]+\s+){1,4}?)(?:nicht|nie|niemals)\b"
                r"(?=\s*(?:[,.;!?]|$|und\b|oder\b))", re.IGNORECASE),
     lambda m: ("do not mention" if m.group(1).lower() in ("erwähne", "nenne") else "do not use")
     + f" {m.group(2).strip()}"),
    # 'Das Wort „Kultur“ bitte nicht': the word named, then ruled out with no verb
    # (said first in its sentence: "Vergiss das Wort „Freitag" nicht" asks for the word)
    (re.compile(r"(?:^|(?<=[.!?;:]\s)|(?<=\n))(?:das|die)\s+(?P<noun>wort|wörter|begriff|begriffe)\s+" +
                _DE_QUOTED_LIST + r"\s+(?:bitte\s+)?(?:nicht|nie|niemals)\b(?=\s*(?:[,.;!?]|$))", re.IGNORECASE),
     lambda m: f"do not use the {'words' if m.group('noun').lower() in ('wörter', 'begriffe') else 'word'} "
               f"{m.group(2)}"),
    # "dreimal", "5-mal": a number of times
    (re.compile(r"\beinmal\b", re.IGNORECASE), lambda m: "once"),
    # "in die Abschnitte „Vorteile“ und „Nachteile“": parts named by labels are sections, not paragraphs
    (re.compile(r"\babschnitten?(?=\s*:?\s*\")", re.IGNORECASE), lambda m: "sections"),
    # "vermeide es, die Konkurrenz zu erwähnen", "hebe zwei Ausdrücke hervor": the verb's parts around its object
    (re.compile(r"\bvermeide\s+es,?\s+((?:[\wäöüß-]+\s+){1,4}?)zu\s+(erwähnen|verwenden|benutzen|nennen)\b",
                re.IGNORECASE),
     lambda m: ("avoid mentioning" if m.group(2).lower() in ("erwähnen", "nennen") else "avoid using")
     + f" {m.group(1).strip()}"),
    (re.compile(r"\bhebe\s+([^.,;\n]{1,60}?)\s+hervor\b", re.IGNORECASE), lambda m: f"highlight {m.group(1)}"),
    # "…, dass er mindestens zweimal im Text steht", "Er muss dreimal vorkommen": the verb last, said of the word
    # just named (before the number of times below, which the middle keeps)
    (re.compile(r"\bdass\s+(?:er|sie|es)\s+((?:[\wäöüß-]+\s+){1,6}?)(?:vorkommt|steht|auftaucht|erscheint|drinsteht)\b",
                re.IGNORECASE), lambda m: f"that it appears {_de_times(m.group(1).strip())}"),
    (re.compile(r"(?:^|(?<=[.!?]\s))(?:er|es)\s+(muss|soll|sollte)\s+((?:[\wäöüß-]+\s+){1,6}?)"
                r"(?:vorkommen|auftauchen|erscheinen|drinstehen)\b", re.IGNORECASE | re.MULTILINE),
     lambda m: f"it {'must' if m.group(1).lower() == 'muss' else 'should'} appear {_de_times(m.group(2).strip())}"),
    (_DE_TIMES_RE, lambda m: f"{m.group(1)} times"),
    (re.compile(r"\bin\s+(?:einem|einer)\s+(einzigen\s+)?(?=(?:satz|absatz|zeile|strophe)\b)", re.IGNORECASE),
     lambda m: "in a single " if m.group(1) else "in one "),
    # the verb after its object: 'das Wort "X" enthalten', 'nicht das Wort "X" verwenden', 'mit "X" endet'
    (re.compile(r"(?P<neg>\b(?:nicht|nie|niemals)\s+)?\b(?:das|dem|die|den)\s+(?P<noun>wort|wörter|begriff|begriffe)\s+"
                r"(?P<items>\"[^\"\n]{1,60}\"(?:\s*(?:,|und|oder)\s*\"[^\"\n]{1,60}\"){0,5})\s+"
                r"(?P<neg2>nicht\s+|nie\s+)?(?P<verb>enthalten|enthält|einbauen|einbaust|einfließen\s+lassen|verwenden|"
                r"verwendest|benutzen|nutzen|erwähnen|vorkommen\s+lassen)\b", re.IGNORECASE),
     lambda m: ("do not use" if m.group("neg") or m.group("neg2") else "include")
     + f" the {'words' if m.group('noun').lower() in ('wörter', 'begriffe') else 'word'} {m.group('items')}"),
    (re.compile(r"\bmit\s+(\"[^\"\n]{1,200}\")\s+(?:endet|enden|endest|aufhört|aufhören|schließt|abschließt)\b",
                re.IGNORECASE), lambda m: f"ends with {m.group(1)}"),
    (re.compile(r"\bmit\s+(\"[^\"\n]{1,200}\")\s+(?:beginnt|beginnen|anfängt|anfangen|startet)\b", re.IGNORECASE),
     lambda m: f"starts with {m.group(1)}"),
    # "von 100 bis 150 Wörtern", "von hundert bis hundertfünfzig Wörtern": a range
    (re.compile(rf"\bvon\s+(\d{{1,6}}|{_DE_NUMBER_RE})\s+bis\s+(\d{{1,6}}|{_DE_NUMBER_RE})\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} to {m.group(2)}"),
    # "„günstig“ mögen wir nicht, das bitte weglassen": the word named before, left out
    (re.compile(r"\b(?:das|es)\s+(?:bitte\s+)?(?:(?:komplett|ganz|einfach)\s+)?(?:weglassen|streichen|rauslassen)\b",
                re.IGNORECASE), lambda m: "leave it out"),
    # "vergiss das Wort "X" nicht", "bau "X" irgendwo ein": the verb's particle or negation after its object
    (re.compile(r"\b(?:vergiss|vergesst|vergessen\s+sie)\s+([^.;,\n]{1,80}?)\s+(?:(?:bitte|bloß|ja|auf\s+keinen\s+fall)\s+)?"
                r"nicht\b", re.IGNORECASE), lambda m: f"don't forget {m.group(1)}"),
    (re.compile(r"\b(?:bau|baue|baut|bauen\s+sie)\s+([^.;,\n]{1,80}?)\s+(?:(?:bitte|irgendwo|irgendwie|noch|auch|mit)\s+)?"
                r"ein\b(?=\s*(?:[,.;!?]|$|und\b))", re.IGNORECASE), lambda m: f"work {m.group(1)} in"),
    # "mach mir YAML draus": the format the material is to become
    (re.compile(r"\b(?:mach|mache|macht)\s+(?:mir|uns)\s+(?:bitte\s+)?(?:ein(?:e|en)?\s+)?([\wäöüß-]{2,20})\s+"
                r"(?:da)?raus\b|\b(?:mach|mache|macht)\s+(?:mir|uns)\s+(?:bitte\s+)?(?:ein(?:e|en)?\s+)?([\wäöüß-]{2,20})\s+"
                r"draus\b", re.IGNORECASE), lambda m: f"turn it into {m.group(1) or m.group(2)}"),
    # "Mehr als neunzig Wörter sollten es nicht werden": more than the count must not be, so the count is the most
    (re.compile(r"\bmehr\s+als\s+(\S+)\s+(wörter|sätze|zeilen|absätze|zeichen)\s+(?:sollten|sollen|dürfen|werden)\s+es\s+"
                r"(?:[\wäöüß]+\s+){0,2}?(?:nicht|nie)\s+(?:werden|sein)\b", re.IGNORECASE),
     lambda m: f"höchstens {m.group(1)} {m.group(2)}"),
    # "Emojis haben im Gemeindebrief nichts zu suchen": what has no place there is left out
    (re.compile(r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=,\s))(?:die\s+|der\s+|das\s+)?([\wäöüß-]{3,30})\s+(?:hat|haben)\s+"
                r"(?:[\wäöüß]+\s+){0,4}?nichts\s+(?:zu\s+suchen|verloren)\b", re.IGNORECASE),
     lambda m: (f"no {m.group(1)}" if re.fullmatch(r"emojis?|emoticons?|smileys?", m.group(1), re.IGNORECASE)
                else f"nothing about the {m.group(1)}")),
    # separable verbs: "lass das Wort "X" komplett weg" (or "raus") leaves X out
    (re.compile(r"\b(?:lass|lasse|lasst|lassen\s+sie)\s+([^.;,\n]{1,80}?)\s+(?:(?:bitte|komplett|ganz|einfach|lieber)\s+)?"
                r"(?:weg|raus|heraus)\b", re.IGNORECASE), lambda m: f"leave out {m.group(1)}"),
    # the verb last: "bitte auf Deutsch antworten" asks for the reply in that language
    (re.compile(r"\b(auf\s+(?:deutsch|englisch|französisch|spanisch|italienisch|portugiesisch))\s+"
                r"(?:antworten|antworte|antwortest|schreiben|schreibe|schreibst|verfassen)\b", re.IGNORECASE),
     lambda m: f"antworte {m.group(1)}"),
)


# ---------------------------------------------------------------------------------------------------------------
# Glossaries


def _parse_table(table: str) -> dict[str, str]:
    phrases: dict[str, str] = {}
    for line in table.strip().splitlines():
        foreign, _, english = line.rpartition(" = ")
        for variant in foreign.split("|"):
            key = " ".join(variant.strip().lower().split())
            if key:
                phrases[key] = "" if english.strip() == "_" else english.strip()
    return phrases


@dataclass(frozen=True)
class Glossary:
    code: str
    table: str
    number_re: str
    number: Callable[[str], int | None]
    reorderings: tuple[Rule, ...]

    @cached_property
    def phrases(self) -> dict[str, str]:
        return _parse_table(self.table)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        def alternation(keys: list[str]) -> str:
            return "|".join(re.escape(k).replace(r"\ ", r"\s+").replace("'", "['’]")
                            for k in sorted(keys, key=len, reverse=True)) or "(?!)"

        whole = [k for k in self.phrases if not k.endswith("'")]
        elided = [k for k in self.phrases if k.endswith("'")]  # "l'", "pas d'": the next word follows at once
        # a word right after an elided article is a word of its own: "l'explication", "d'émojis"
        after = r"(?:(?<![\w'’-])|(?<=\b[a-zA-Z]['’])|(?<=\bqu['’]))"  # a start, or just after "l'", "qu'"
        return re.compile(rf"{after}(?:(?!{NOT_NUMBERS})(?P<num>{self.number_re})(?![\w-])|"
                          rf"(?P<phrase>{alternation(whole)})(?![\w-])|(?P<elided>{alternation(elided)}))",
                          re.IGNORECASE)

    def replace(self, m: re.Match[str]) -> str | None:
        if m.group("num"):
            value = self.number(m.group("num"))
            return str(value) if value is not None else None
        elided = m.group("elided")
        key = " ".join((m.group("phrase") or elided).lower().replace("’", "'").split())
        english = self.phrases.get(key)
        return english + " " if elided and english else english


GLOSSARIES: dict[str, Glossary] = {
    "es": Glossary("es", SPANISH, _ES_NUMBER_RE, _spanish_number, _ES_REORDER),
    "fr": Glossary("fr", FRENCH, _FR_NUMBER_RE, _french_number, _FR_REORDER),
    "de": Glossary("de", GERMAN, _DE_NUMBER_RE, _german_number, _DE_REORDER),
}

# ---------------------------------------------------------------------------------------------------------------
# Which language a prompt's instructions are in

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_ROMANCE = "la en un de"  # Spanish and French both: evidence for either, decided by the rest
MARKERS: dict[str, frozenset[str]] = {
    "en": _words("the and of to is are with for your you my it this that be please write should must than each "
                 "make sure answer give keep under least most words sentences what how do don't use include "
                 "about from not"),
    "es": _words("el los las del que una unos unas por para con como pero más muy está y se su sus tu al lo añade pon "
                 "termina empieza evita separa "
                 "este esta sin sobre también cuando mi hay qué cómo palabras frases escribe dame responde "
                 "usa incluye menciona debe tiene texto respuesta necesito quiero puedes explica explícame dime "
                 "haz cuenta redacta enumera resume traduce escríbeme dos tres cuatro cinco seis siete ocho "
                 "nueve diez " + _ROMANCE),
    "fr": _words("le les des du une et est avec pour dans sur pas ne sans au aux ce cette ces qui mon ma mes à où "
                 "ajoute mets utilise termine commence évite inclus sépare "
                 "ton ta tes vous je il elle nous écris donne moi mots rédige réponds réponse fois doit chaque "
                 "être peux veux explique décris présente fais raconte propose résume traduis écrivez donnez "
                 "expliquez d'un d'une c'est l'on qu'il deux trois quatre cinq six sept huit neuf dix " + _ROMANCE),
    "de": _words("der die das und ist nicht mit für auf ein eine einen dem den des zu von im bitte schreib "
                 "schreibe ich du wie was oder mir mich dass auch nur wörter wörtern sätze sätzen antwort soll "
                 "muss keine kein ohne über unter höchstens mindestens erkläre beschreibe erstelle nenne gib "
                 "fasse antworte übersetze erzähl zwei drei vier fünf sechs sieben acht neun zehn füge setze nutze "
                 "verwende beende beginne vermeide alles sehr noch hier dann sein haben wird werden kann können "
                 "sollte einem einer eines beim zum zur vom am ins deine dein deinen meine mein meinen uns euch"),
}
_WORD_RE = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_QUOTED_RE = re.compile(r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”|„[^“”\"\n]{0,200}[“”\"]|«[^»\n]{0,200}»|`[^`\n]{0,200}`")


# Letters only some of the languages write: a word with one is evidence for those languages.
LETTERS: dict[str, frozenset[str]] = {"es": frozenset("ñáíóú¿¡"), "fr": frozenset("çèêëîïôœûàâù"),
                                      "de": frozenset("äöüß")}


def _marker_counts(text: str) -> dict[str, int]:
    counts = dict.fromkeys(MARKERS, 0)
    for word in _WORD_RE.findall(_QUOTED_RE.sub(" ", text)):
        lowered = word.lower()
        for code, markers in MARKERS.items():
            if lowered in markers or (code in LETTERS and not LETTERS[code].isdisjoint(lowered)):
                counts[code] += 1
    return counts


def detect_language(view: str) -> str:
    """The language of a prompt's instruction text: "es", "fr" or "de" when its function words say so, else "en"."""
    counts = _marker_counts(view)
    code, count = max(((c, n) for c, n in counts.items() if c != "en"), key=lambda item: item[1])
    if count >= 2 and count > 1.5 * counts["en"] and (count >= 3 or counts["en"] == 0):
        return code
    return "en"


def english_evidence(clause: str, code: str) -> bool:
    """True when a clause of a prompt in `code` is written in English ("Requirements: at least 300 words")."""
    counts = _marker_counts(clause)
    return counts["en"] >= 2 and counts["en"] > counts[code]


def piece_language(piece: str, prompt_language: str) -> str:
    """The language of one sentence or line of a prompt whose instructions are mostly in `prompt_language`: its own
    function words when they say so ("Keine weiteren Schlüssel." in a prompt an English block was added to), the
    prompt's language when it has none ("- vier Absätze"), English when it reads as English."""
    counts = _marker_counts(piece)
    code, count = max(((c, n) for c, n in counts.items() if c != "en"), key=lambda item: item[1])
    if counts["en"] >= 2 and counts["en"] > count:
        return "en"
    if (count >= 2 and count > counts["en"]) or (count >= 1 and counts["en"] == 0):
        tied = [c for c, n in counts.items() if c != "en" and n == count]
        return prompt_language if prompt_language in tied else code
    if count == 0 and counts["en"] == 0:
        return prompt_language
    return "en"
